import { CATEGORIES, type ProductCategory, type ProductDefinition } from './product.js';

type Entry = Omit<ProductDefinition, 'docs' | 'category'> & { category: ProductCategory; docs?: ProductDefinition['docs'] };

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Fills the documentation anchors: the tag is the category's slug, the operation is the arn
 * without its region ('identity-pan-lite'), so every product has its own operation.
 */
const define = (entry: Entry): ProductDefinition =>
  Object.freeze({
    ...entry,
    docs: Object.freeze(entry.docs ?? { tag: slug(entry.category), operation: entry.arn.split('_').slice(1).join('-') }),
  });

const { identity, business, financial, vehicle, contact, employment, face, ocr, sign } = CATEGORIES;

const entries: readonly Entry[] = [
  // ── Identity Verification ────────────────────────────────────────────────────────────────
  {
    arn: 'in_identity_pan_lite',
    name: 'PAN Lite',
    category: identity,
    short_description: "Verifies a PAN against the Income Tax Department database and returns the holder's name and PAN status.",
    additional_info:
      'Send a 10-character PAN to receive the registered name, the PAN status (valid, deactivated, deleted and so on) and the holder type given by its fourth character. An optional name is matched against the registered name. Used for customer onboarding, vendor checks and periodic KYC refresh.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
  },
  {
    arn: 'in_identity_pan_advance',
    name: 'PAN Advance',
    category: identity,
    short_description: 'Fetches extended PAN details, including the Aadhaar seeding status, for a PAN.',
    additional_info:
      'Returns the registered name, PAN status, holder category, date of birth or incorporation, gender where applicable, masked Aadhaar number and whether the PAN is linked to Aadhaar. An optional name is matched against the registered name. Suited to regulated onboarding where an inoperative (unlinked) PAN must be flagged.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: true,
  },
  {
    arn: 'in_identity_pan_pro',
    name: 'PAN Pro',
    category: identity,
    short_description: 'Checks that a PAN is valid and that a supplied name matches the name registered on it.',
    additional_info:
      "Takes a PAN and the holder's name as declared by the customer and returns the PAN status with a name-match result and score. Matching tolerates initials, reordered names and common spelling variants. Used where the name on an application must agree with the PAN before disbursal or payout.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_identity_pan_micro',
    name: 'PAN Micro',
    category: identity,
    short_description: "Returns whether a PAN is valid and operative, with the holder's details only on request.",
    additional_info:
      'By default the response carries only the PAN status and the Aadhaar-linkage flag, keeping personal data out of the reply; setting pan_details adds the registered name and holder category. Suited to high-volume pre-screening and to finding inoperative PANs before deducting TDS.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_identity_pan_demographic',
    name: 'PAN Demographic',
    category: identity,
    short_description: "Verifies a PAN together with the holder's name and date of birth.",
    additional_info:
      'Send the PAN with the name and date of birth declared by the customer; the response says whether each matches the Income Tax Department record, along with the PAN status. No personal data beyond the match results is returned. Used to confirm self-declared KYC details without exposing the stored record.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_identity_pan_mini',
    name: 'PAN Mini',
    category: identity,
    short_description: "A minimal PAN check that returns the PAN status and the holder's masked name.",
    additional_info:
      'Built for high-throughput screens such as checkout and payout flows: the response carries only the PAN status, the holder type and a masked registered name. Full details are available through PAN Lite or PAN Advance.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_identity_aadhaar_lite',
    name: 'Aadhaar Validation',
    category: identity,
    short_description: 'Confirms that an Aadhaar number exists and is active, without an OTP.',
    additional_info:
      "Returns whether the 12-digit Aadhaar number is valid, with the age band, gender, state and the last digits of the registered mobile number as published by UIDAI's verification service. It returns no name or address and is not an e-KYC. Used as a quick check before OTP-based KYC.",
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
  },
  {
    arn: 'in_identity_aadhaar_pro',
    name: 'Aadhaar Pro',
    category: identity,
    short_description: 'Validates an Aadhaar number and reports whether a PAN is linked to it.',
    additional_info:
      'Returns the Aadhaar validity details together with the Aadhaar-PAN link status; with pan_details set, the linked PAN and the name on it are included. Used by lenders, brokers and employers that must confirm Aadhaar-PAN seeding under the income tax rules.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_identity_okyc_otp',
    name: 'OKYC',
    category: identity,
    short_description: "Aadhaar offline e-KYC: fetches the holder's UIDAI-signed KYC data after OTP consent.",
    additional_info:
      'The first call makes UIDAI send an OTP to the mobile number registered with the Aadhaar; the second submits that OTP and returns the digitally signed KYC data: name, date of birth, gender, address and photograph, with the Aadhaar number masked. Used for paperless KYC by entities permitted to perform Aadhaar offline verification.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: true,
  },
  {
    arn: 'in_identity_voter_lite',
    name: 'Voter ID',
    category: identity,
    short_description: 'Verifies an EPIC (voter ID) number against the electoral roll of the Election Commission of India.',
    additional_info:
      "Returns the elector's name, relative's name, age, gender, assembly constituency, polling station and part number for the EPIC number. An optional name is matched against the roll entry. Used as identity and address evidence in onboarding.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: true,
  },
  {
    arn: 'in_identity_dl_lite',
    name: 'Driving Licence',
    category: identity,
    short_description: 'Verifies a driving licence against the Sarathi (Parivahan) database.',
    additional_info:
      "Send the licence number, with the date of birth where the issuing state requires it, to get the holder's name, validity of the non-transport and transport endorsements, authorised vehicle classes, issuing RTO and status. An optional name is matched. Used for driver and delivery-partner onboarding and for identity checks.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: true,
  },
  {
    arn: 'in_identity_passport_lite',
    name: 'Passport Lite',
    category: identity,
    short_description: 'Verifies the details printed on a passport against the issued passport record.',
    additional_info:
      "Send the passport number and type, the holder's first and last names, date of birth, gender, country and expiry date; the response confirms whether they match the passport as issued. Used to validate a passport presented for KYC without keeping a copy of it.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_identity_passport_advance',
    name: 'Passport Advance',
    category: identity,
    short_description: 'Fetches passport details using the passport application file number.',
    additional_info:
      "Takes the file number (12 to 15 characters) and the date of birth and returns the passport number, holder's name, date of issue and application type from the Passport Seva record. An optional name is matched against the record. Used when the customer has the file number but not a copy of the passport.",
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_identity_ckyc_lite',
    name: 'CKYC Search',
    category: identity,
    short_description: "Searches the Central KYC Registry (CERSAI) for a customer's KYC record.",
    additional_info:
      'Search by PAN, or by the last four digits of the Aadhaar number with name, date of birth and gender, and receive the masked CKYC identifier, name, age and photograph where available. Lets regulated entities reuse an existing KYC record instead of collecting documents again.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_identity_ckyc_advance',
    name: 'CKYC Advance',
    category: identity,
    short_description: 'Searches the Central KYC Registry and downloads the full KYC record.',
    additional_info:
      "Locates the record as CKYC Search does (a PAN search also needs the date of birth) and returns the downloaded KYC: name, parents' names, addresses, contact details, identity documents on file and photograph. Intended for reporting entities registered with CERSAI.",
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_identity_digilocker_lite',
    name: 'Digilocker',
    category: identity,
    short_description: "Fetches government-issued documents from the customer's DigiLocker with their consent.",
    additional_info:
      'Creates a DigiLocker consent session; once the customer signs in and approves sharing, the issued documents they selected (Aadhaar, PAN, driving licence, mark sheets and others) are returned as issuer-signed data. Documents pulled from DigiLocker are deemed equivalent to the original physical documents.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_identity_name_match',
    name: 'Name Match API',
    category: identity,
    short_description: 'Scores how closely two person or business names refer to the same entity.',
    additional_info:
      'Compares two names and returns a match score and a match decision, handling Indian naming patterns such as initials, honorifics, reordered first and last names, spelling variants and transliteration differences. Used to reconcile the names returned by PAN, bank or GST checks with the name a customer declared.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_identity_student_sdk',
    name: 'Student Verification SDK',
    category: identity,
    short_description: "A hosted flow that verifies a student's enrolment and academic records.",
    additional_info:
      "The SDK link guides the student to authenticate with their institution or DigiLocker account and share their enrolment details; the result carries the student's name, institution, course, year of study and enrolment status. Used by education lenders and student-offer programmes to confirm student status.",
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
  },

  // ── Business Verification ────────────────────────────────────────────────────────────────
  {
    arn: 'in_merchant_gstin_lite',
    name: 'GSTIN Lite',
    category: business,
    short_description: 'Verifies a GSTIN and returns its registration details from the GST portal.',
    additional_info:
      'Returns the legal and trade names, constitution of business, taxpayer type, registration date, status (active, suspended, cancelled), principal place of business and nature of business activities for a 15-character GSTIN. Used for vendor and merchant onboarding and for checking a supplier before claiming input tax credit.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
  },
  {
    arn: 'in_merchant_gstin_advance',
    name: 'GSTIN Advance',
    category: business,
    short_description: 'Fetches GSTIN registration details together with the return-filing history.',
    additional_info:
      'Adds to the GSTIN Lite details the filing status of GSTR-1 and GSTR-3B returns for the requested financial year (2018-19 onwards) and, on request, the contact details on the registration. Filing regularity is a common signal in merchant underwriting and supplier risk checks.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_merchant_gstpan_lite',
    name: 'GSTIN by PAN',
    category: business,
    short_description: 'Lists the GSTINs registered against a business PAN.',
    additional_info:
      "Send a 10-character PAN to get every GSTIN issued under it across states, with each registration's state and status. Used to discover all of a business's registrations, or to find the right GSTIN when only the PAN is known.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_merchant_gstin_temporary',
    name: 'GST Temporary ID',
    category: business,
    short_description: 'Verifies a GST temporary ID issued to a person who is not registered under GST.',
    additional_info:
      "The GST portal issues temporary IDs to unregistered persons who must pay tax or make a one-off supply. The check returns the holder's name, the ID's status and its validity. Used when a counterparty quotes a temporary ID instead of a GSTIN.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_merchant_gstmobile_lite',
    name: 'Business Mobile to GSTIN',
    category: business,
    short_description: 'Finds the GSTINs registered with a business mobile number.',
    additional_info:
      'Returns the GSTINs whose registration lists the given 10-digit mobile number, with their legal names and status. Useful when a merchant signs up with a phone number and the business behind it must be identified.',
    default_free_transactions: 25,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_merchant_cin_lite',
    name: 'CIN Lite',
    category: business,
    short_description: 'Verifies a Corporate Identification Number against the MCA register.',
    additional_info:
      'Returns the company name, status (active, strike off, under liquidation and so on), date of incorporation, class and state of registration for a 21-character CIN. Suited to quick checks that a company exists and is active.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_merchant_cin_advance',
    name: 'CIN Advance',
    category: business,
    short_description: "Fetches a company's master data from the MCA, including its directors.",
    additional_info:
      'Returns the Ministry of Corporate Affairs master data for a CIN: name, status, category, class, authorised and paid-up capital, registered office, email, dates of the last AGM and balance sheet, and the directors with their DINs and appointment dates. Used for business KYC and due diligence on corporate customers.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_merchant_din_lite',
    name: 'DIN Verification',
    category: business,
    short_description: "Verifies a Director Identification Number and lists the director's companies.",
    additional_info:
      "Returns the director's name and DIN status with the companies and LLPs where they hold or held a directorship, and the appointment and cessation dates. Used to vet the directors and authorised signatories of corporate customers.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_merchant_udyog_lite',
    name: 'Udyog Aadhaar',
    category: business,
    short_description: "Verifies an MSME's Udyam or Udyog Aadhaar registration.",
    additional_info:
      'Accepts an Udyam registration number (UDYAM-XX-00-0000000) or a legacy Udyog Aadhaar number and returns the enterprise name, classification (micro, small or medium), major activity, NIC codes, address and date of incorporation. Used to establish MSME status for lending and supplier onboarding.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_merchant_fssai_lite',
    name: 'FSSAI Licence',
    category: business,
    short_description: 'Verifies an FSSAI food business licence or registration number.',
    additional_info:
      'Returns the business name, premises address, licence kind (registration, state licence or central licence), licensed activities and validity dates recorded by FSSAI for a 14-digit number. Required when onboarding restaurants, cloud kitchens and food sellers onto marketplaces.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_merchant_report_advance',
    name: 'Merchant Reports',
    category: business,
    short_description: "Compiles a business verification report from a company's PAN, CIN and GSTIN.",
    additional_info:
      'Submit a combination of PAN, CIN and GSTIN to generate a consolidated report covering registration details, directors, GST filing history and status flags; the report is prepared asynchronously and fetched with its report_id. Used for merchant underwriting and periodic reviews of business customers.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_merchant_pantotan_lite',
    name: 'PAN to TAN',
    category: business,
    short_description: 'Finds the TANs allotted to the holder of a PAN.',
    additional_info:
      'Returns the Tax Deduction and Collection Account Numbers allotted to the deductor with the given PAN, with the name registered against each TAN. Used to confirm a deductor when reconciling TDS credits or onboarding employers.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_merchant_tantopan_lite',
    name: 'TAN to PAN',
    category: business,
    short_description: 'Finds the PAN of the deductor who holds a TAN.',
    additional_info:
      'Returns the PAN and the name linked to a 10-character TAN. Used to tie TDS certificates to the deductor and to validate an employer or payer quoted by a customer.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },

  // ── Financial Verification ───────────────────────────────────────────────────────────────
  {
    arn: 'in_financial_bank_lite',
    name: 'Bank Account Lite',
    category: financial,
    short_description: "Verifies that a bank account exists and returns the holder's name, without a penny drop.",
    additional_info:
      'Send the account number and IFSC; the account is validated with the bank without moving money, and the registered holder name is returned with an optional name-match result. Used for payout and refund set-up, vendor onboarding and salary accounts.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
  },
  {
    arn: 'in_financial_bank_advance',
    name: 'Bank Account Advance',
    category: financial,
    short_description: 'Verifies a bank account with a penny drop over IMPS and returns the beneficiary name.',
    additional_info:
      'A nominal credit is sent to the account over IMPS, and the beneficiary name returned by the bank is reported with the transaction reference and a reason code (for example DLC when the daily limit is exhausted, or DTX for a duplicate request to retry after 15 minutes). The penny drop is on by default and can be turned off with is_penny_drop. Gives the strongest assurance that an account is open and can receive credits.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: true,
  },
  {
    arn: 'in_financial_ifsc_lite',
    name: 'IFSC Lookup',
    category: financial,
    short_description: 'Returns the bank and branch details for an IFSC.',
    additional_info:
      'Resolves an 11-character IFSC to the bank name, branch, address, city, district, state, MICR code and the payment systems the branch supports (NEFT, RTGS, IMPS, UPI). Used to validate bank details captured in forms before an account check or payout.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_financial_upi_lite',
    name: 'UPI ID Verification',
    category: financial,
    short_description: 'Verifies a UPI ID (VPA) and returns the name registered with it.',
    additional_info:
      'Checks that the virtual payment address is active and returns the account holder name given by the payment service provider, with an optional name match. Used before paying out to a UPI ID and to confirm who a payer is.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_financial_bankstatement_analyser',
    name: 'Bank Statement Analyser',
    category: financial,
    short_description: 'Extracts and analyses the transactions in a bank statement.',
    additional_info:
      'Parses PDF statements of Indian banks, checks them for signs of tampering, categorises each transaction and returns monthly summaries: average balance, inflows and outflows, salary credits, EMIs, cheque bounces and cash deposits. Used by lenders to assess income and repayment capacity.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
  },

  // ── Vehicle Verification ─────────────────────────────────────────────────────────────────
  {
    arn: 'in_vehicle_rc_lite',
    name: 'RC Lite',
    category: vehicle,
    short_description: 'Verifies a vehicle registration certificate against the VAHAN database.',
    additional_info:
      "Returns the owner's name, registration date and authority, maker and model, vehicle class, fuel type, and the validity of fitness, insurance and PUC for a registration number. Used for driver and fleet onboarding and for vehicle loans and insurance.",
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
  },
  {
    arn: 'in_vehicle_rc_advance',
    name: 'RC Advance',
    category: vehicle,
    short_description: 'Fetches the complete RC record, including insurance, permit and financier details.',
    additional_info:
      'Returns the RC Lite details plus the masked chassis and engine numbers, specifications (cubic capacity, seating capacity, gross weight, body type, month of manufacture), insurer and policy validity, permit type and dates, hypothecation, blacklist status and owner serial number. Built for motor-insurance underwriting and renewals; also offered as a batch job.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_vehicle_rc_reverse',
    name: 'RC Reverse',
    category: vehicle,
    short_description: 'Lists the vehicles registered against a mobile number.',
    additional_info:
      'Returns the registration numbers and basic RC details of the vehicles whose registration records carry the given mobile number. Used by lenders to discover the vehicles a borrower owns during underwriting and collections; also offered as a batch job.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_vehicle_rc_chassis',
    name: 'RC Chassis',
    category: vehicle,
    short_description: "Fetches a vehicle's registration details from its chassis number.",
    additional_info:
      'Looks up the VAHAN record by the full chassis number (VIN, up to 23 characters) and returns the registration number with the RC details. Used when the number plate is unknown, new or disputed, for example in used-vehicle and insurance inspections.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_vehicle_rc_finder',
    name: 'RC Finder',
    category: vehicle,
    short_description: "Finds a vehicle's registration number from its engine and chassis numbers.",
    additional_info:
      'Searches the registry with the engine number and the last characters of the chassis number and returns the matching registration number and registering state. Used to trace a vehicle when only the stamped engine and chassis numbers are available, for example in repossession.',
    default_free_transactions: 25,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_vehicle_rc_mini',
    name: 'RC-Mini API',
    category: vehicle,
    short_description: 'A compact RC check: registration status, class, maker, model and key validity dates.',
    additional_info:
      'A lighter and faster variant of RC Lite without owner details, for high-volume checks that a registration is valid and that its fitness, insurance and PUC are current. Used by ride-hailing, logistics and parking platforms for periodic fleet checks.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_vehicle_rc_reverseinvoice',
    name: 'RC Reverse Invoice',
    category: vehicle,
    short_description: 'Returns the dealer and sale invoice details recorded for a registered vehicle.',
    additional_info:
      'For a registration number, returns the selling dealer, the invoice date and the sale amount recorded at registration where available. Used by lenders to validate the invoice submitted for vehicle loans, refinance and top-up loans.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_vehicle_rc_valuation',
    name: 'RC Valuation',
    category: vehicle,
    short_description: 'Estimates the market value of a used vehicle from its registration number and distance driven.',
    additional_info:
      'Combines the RC details (maker, model, variant, age and number of owners) with the kilometres driven to return an estimated resale value range. Used in used-vehicle loans, insured declared value checks and trade-in pricing.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_vehicle_rc_mvtax',
    name: 'RC MV Tax',
    category: vehicle,
    short_description: 'Shows the motor vehicle tax paid and due for a registered vehicle.',
    additional_info:
      'Takes the registration number, the last five characters of the chassis number and the tax mode, and returns the date the tax is paid up to, the amounts paid and any dues at the RTO. Used by fleet operators and lenders to confirm that road tax is current.',
    default_free_transactions: 25,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_vehicle_challan_payment',
    name: 'Challan Payment',
    category: vehicle,
    short_description: 'Lists the pending traffic e-challans of a vehicle and supports paying them.',
    additional_info:
      'Returns the e-challans issued against a registration number with the offence, date, place, amount and payment status, and a link to pay those still pending. Used by fleet operators, insurers and used-vehicle platforms to clear or account for fines before a transfer.',
    default_free_transactions: 25,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_vehicle_fastag_advance',
    name: 'Fastag Advance',
    category: vehicle,
    short_description: 'Returns the FASTag details linked to a vehicle.',
    additional_info:
      'For a registration number, returns the FASTag ID, issuing bank, tag status (active, blacklisted, low balance), vehicle class and issue date from the NETC FASTag records. Used by fleet, logistics and parking platforms to confirm that a vehicle is ready for electronic toll and parking payments.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_vehicle_history_advance',
    name: 'Vehicle History API',
    category: vehicle,
    short_description: "Returns a used vehicle's history: ownership changes, insurance and challans.",
    additional_info:
      'Consolidates for a registration number the ownership transfers, hypothecation changes, past insurance policies and, where available, claims and challan history. Used by buyers, used-vehicle marketplaces and lenders to assess a vehicle before purchase or financing.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
  },

  // ── Contact Verification ─────────────────────────────────────────────────────────────────
  {
    arn: 'in_contact_email_otp',
    name: 'Email OTP Verification',
    category: contact,
    short_description: 'Confirms that a customer controls an email address with a one-time password.',
    additional_info:
      'The first call emails a 6-digit OTP to the address and returns a request_id; the second submits the OTP the customer entered with that request_id and returns whether it matched. Used to verify contact details during sign-up or before changing them.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_contact_mobile_otp',
    name: 'Mobile OTP Verification',
    category: contact,
    short_description: 'Confirms that a customer controls a mobile number with an SMS one-time password.',
    additional_info:
      'The first call sends a 6-digit OTP by SMS and returns a request_id; the second submits the OTP with that request_id and returns the verification result. Used to verify the mobile number captured at sign-up or before sensitive changes.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
  },
  {
    arn: 'in_contact_mobile_name',
    name: 'Mobile to Name',
    category: contact,
    short_description: 'Returns the name associated with an Indian mobile number.',
    additional_info:
      'Looks up the subscriber name linked to a 10-digit mobile number, with an optional match against a supplied name. Used to check that the mobile number on an application belongs to the applicant.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_contact_mobile_network',
    name: 'Mobile Network Lookup',
    category: contact,
    short_description: 'Identifies the operator, telecom circle and connection status of a mobile number.',
    additional_info:
      'Returns the current operator, the telecom circle, whether the number has been ported and whether the connection is active. Used to clean contact data and to flag numbers that are unlikely to receive OTPs.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_contact_telecom_digitalage',
    name: 'Telecom Digital Age',
    category: contact,
    short_description: 'Estimates how long a phone number and an email address have been in use.',
    additional_info:
      'Takes any of a phone number, email address, name and pincode and returns the estimated age of the number and the email, their activity signals, and whether they are consistent with the supplied name and pincode. A recently created identity is a common fraud signal in digital lending and account opening.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
  },

  // ── Employment Verification ──────────────────────────────────────────────────────────────
  {
    arn: 'in_employment_uan_lite',
    name: 'UAN Verification',
    category: employment,
    short_description: 'Fetches the EPFO employment history of a Universal Account Number.',
    additional_info:
      "Returns the member's name and, for each establishment, the employer name and the dates of joining and exit recorded against the 12-digit UAN. Used for employment checks in hiring and for salaried-income checks in lending.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_employment_uan_mobile',
    name: 'Mobile to UAN',
    category: employment,
    short_description: 'Finds the UAN and employment details linked to a mobile number.',
    additional_info:
      "Returns the UAN registered with EPFO for a 10-digit mobile number, with the member's name and current employer where available. Used when an applicant does not know their UAN and to confirm declared employment.",
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_employment_esic_lite',
    name: 'ESIC Lite',
    category: employment,
    short_description: "Verifies an ESIC insurance number and returns the insured person's details.",
    additional_info:
      "Returns the insured person's name, employer code and registration status for a 10-digit ESIC insurance (IP) number. Used to confirm the employment of workers covered by the Employees' State Insurance scheme.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_employment_esic_advance',
    name: 'ESIC Advance',
    category: employment,
    short_description: 'Fetches the employer and contribution history of an ESIC insured person.',
    additional_info:
      'Adds to the ESIC Lite details the employers the person has been registered under and the contribution periods on record. Used to verify continuity of employment in blue-collar hiring and lending.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
  },

  // ── Face Verification ────────────────────────────────────────────────────────────────────
  {
    arn: 'in_face_match_lite',
    name: 'Face Match',
    category: face,
    short_description: 'Compares the face on an identity document with a selfie and returns a similarity score.',
    additional_info:
      "Send the card image and the user's photograph; the response gives a match score and a match decision. Used in onboarding, video KYC and account recovery to confirm that the person presenting a document is its holder.",
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
  },
  {
    arn: 'in_face_crop_lite',
    name: 'Face Crop',
    category: face,
    short_description: 'Detects and crops the face photograph from an identity document image.',
    additional_info:
      'Returns the cropped face from a card image as a base64 image, ready to store or to compare with a selfie in Face Match. Used to keep a clean portrait of the customer on file.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_face_liveness_lite',
    name: 'Face Liveness',
    category: face,
    short_description: 'Checks that a selfie comes from a live person present at the time of capture.',
    additional_info:
      'Starts a hosted capture session and returns its SDK link and request_id; after the customer completes it, the result is fetched with the request_id and carries a liveness score and decision, plus a face-match score when a reference image was supplied. Defends against printed photos, screen replays and masks.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_face_search_lite',
    name: 'Face Search API',
    category: face,
    short_description: 'Searches a face against the faces your organisation has enrolled, to find duplicates.',
    additional_info:
      'Compares a photograph with the gallery of faces previously enrolled by your organisation and returns the closest matches with their scores. Used to detect the same person applying under different identities.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
  },

  // ── OCR ──────────────────────────────────────────────────────────────────────────────────
  {
    arn: 'in_ocr_card_lite',
    name: 'ID Card OCR',
    category: ocr,
    short_description: 'Extracts the fields from images of Aadhaar, PAN, voter ID, driving licence, passport and RC cards.',
    additional_info:
      'Send the front image, and the back where the card type needs it, as base64 PNG, JPEG or PDF with the card type; the response returns the parsed fields such as name, number, date of birth and address. For Aadhaar, a copy of the image with the first eight digits masked can be returned for storage as UIDAI requires.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
  },
  {
    arn: 'in_ocr_card_sdk',
    name: 'OCR SDK',
    category: ocr,
    short_description: 'A hosted capture flow that photographs identity cards and returns their OCR results.',
    additional_info:
      'Creates a session link that guides the customer through capturing clear card images on a phone or browser, with glare and blur checks, and returns the same structured fields as ID Card OCR. Saves building a capture screen and reduces unreadable uploads.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_ocr_cheque_lite',
    name: 'Cheque OCR',
    category: ocr,
    short_description: 'Reads the account and bank details from a cancelled cheque image.',
    additional_info:
      'Extracts the account number, IFSC, MICR code, bank and branch, and the account holder name where printed, from a PNG or JPEG cheque image. Used to capture bank details for payouts, mandates and vendor onboarding without manual entry.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
  },
  {
    arn: 'in_ocr_document_processor',
    name: 'Document Processor',
    category: ocr,
    short_description: 'Extracts structured data from invoices and insurance policy documents.',
    additional_info:
      'Send a PNG, JPEG, TIFF, WebP or PDF document with its type (invoice or insurance); the response returns its key fields, such as invoice number, date, GSTINs, line items and totals, or insurer, policy number, insured vehicle or person and policy period. Used to automate claims, reimbursements and vendor bill processing.',
    default_free_transactions: 25,
    auto_approval: true,
    show_while_onboarding: false,
  },

  // ── eSign and eStamp ─────────────────────────────────────────────────────────────────────
  {
    arn: 'in_contract_esign_aadhaar',
    name: 'Aadhaar eSign',
    category: sign,
    short_description: 'Collects electronic signatures on PDF documents through Aadhaar OTP authentication.',
    additional_info:
      'Upload a PDF with its signers and signature positions; each signer receives a link, authenticates with an Aadhaar OTP and signs through a licensed eSign service provider, and the signed PDF is reported to your webhook. Aadhaar eSign is recognised under the Information Technology Act, 2000, and is used for loan agreements, account-opening forms and contracts.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
  },
  {
    arn: 'in_contract_estamp_lite',
    name: 'E-stamp',
    category: sign,
    short_description: 'Procures e-stamp paper for an agreement, paying the stamp duty online.',
    additional_info:
      "Give the state and branch, the parties, who pays the stamp duty, the article of the state's stamp schedule, the consideration and the duty amount; the e-stamp certificate is generated and returned. Often combined with Aadhaar eSign to execute loan and rental agreements digitally.",
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
  },
];

/** THE product registry: one definition per product, grouped by category in display order. */
export const products: readonly ProductDefinition[] = Object.freeze(entries.map(define));
