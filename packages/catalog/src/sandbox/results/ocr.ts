import { SAMPLE_PNG } from '../../documents/files.js';
import type { BuildInput, ProductSandbox, Result } from '../engine.js';
import { addressFrom, dateFrom, maskAllBut, personFrom } from '../people.js';
import type { Random } from '../random.js';
import { bankOf } from '../subjects.js';
import { fingerprint } from './face.js';
import { hostedFetched, hostedOpened, single } from './flows.js';

/** The fields printed on a card of the given type, made up from the image. */
function cardFields(cardType: string, random: Random): Result {
  const person = personFrom(random);
  const none = { name: null, number: null, dob: null, gender: null, father_name: null, address: null, issue_date: null, expiry_date: null };
  const father = `${personFrom(random).firstName} ${person.lastName}`;
  switch (cardType) {
    case 'PAN':
      return {
        ...none,
        name: person.fullName,
        number: `${random.pick(['ABC', 'BKX', 'CQP', 'DMR'])}P${person.lastName[0]}${random.digits(4)}${random.pick(['A', 'F', 'K'])}`,
        dob: person.dob,
        father_name: father,
      };
    case 'AADHAAR':
    case 'AADHAAR_MASKED':
      return {
        ...none,
        name: person.fullName,
        number: maskAllBut(`${random.int(2, 9)}${random.digits(11)}`, 4),
        dob: person.dob,
        gender: person.gender,
        address: addressFrom(random),
      };
    case 'VOTERID':
      return {
        ...none,
        name: person.fullName,
        number: `${random.pick(['ABC', 'XYZ', 'KLM'])}${random.digits(7)}`,
        dob: person.dob,
        gender: person.gender,
        father_name: father,
        address: addressFrom(random),
      };
    case 'Driving_License': {
      const issued = dateFrom(random, 2008, 2022);
      return {
        ...none,
        name: person.fullName,
        number: `MH02${random.digits(11)}`,
        dob: person.dob,
        address: addressFrom(random),
        issue_date: issued,
        expiry_date: `${Number(issued.slice(0, 4)) + 20}${issued.slice(4)}`,
      };
    }
    case 'PASSPORT': {
      const issued = dateFrom(random, 2016, 2024);
      return {
        ...none,
        name: person.fullName,
        number: `${random.pick(['J', 'K', 'M', 'P'])}${random.digits(7)}`,
        dob: person.dob,
        gender: person.gender,
        address: addressFrom(random),
        issue_date: issued,
        expiry_date: `${Number(issued.slice(0, 4)) + 10}${issued.slice(4)}`,
      };
    }
    default:
      return {
        ...none,
        name: person.fullName,
        number: `MH${random.int(1, 50).toString().padStart(2, '0')}AB${random.digits(4)}`,
        address: addressFrom(random),
        issue_date: dateFrom(random, 2012, 2024),
      };
  }
}

const cardResult = (cardType: string, random: Random): Result => ({
  card_type: cardType,
  fields: cardFields(cardType, random),
  quality: { blur: false, glare: random.next() < 0.1, confidence: random.int(82, 99) },
});

function cardOcr({ data, rng }: BuildInput): Result {
  const random = rng('ocr', data.card_type, fingerprint(data.card_front_image), fingerprint(data.card_back_image));
  const masked = data.aadhaar_masked_image === true && String(data.card_type).startsWith('AADHAAR') ? { masked_image: SAMPLE_PNG } : {};
  return { ...cardResult(String(data.card_type), random), ...masked };
}

function cheque({ data, rng }: BuildInput): Result {
  const random = rng('cheque', fingerprint(data.cheque_image));
  const ifsc = `${random.pick(['HDFC', 'SBIN', 'ICIC', 'UTIB'])}0${random.digits(6)}`;
  return {
    account_number: `50100${random.digits(9)}`,
    ifsc,
    micr: random.digits(9),
    bank_name: bankOf(ifsc),
    branch: `${addressFrom(random).split(', ')[2]} MAIN`,
    account_holder_name: personFrom(random).fullName,
    cheque_number: random.digits(6),
  };
}

function documentProcessor({ data, rng }: BuildInput): Result {
  const random = rng('document', data.document_type, fingerprint(data.document_file));
  if (data.document_type === 'invoice') {
    const lines = Array.from({ length: random.int(1, 4) }, () => {
      const quantity = random.int(1, 10);
      return {
        description: random.pick(['Office chair', 'Printer cartridge', 'A4 paper ream', 'Laptop stand', 'Consulting hours']),
        quantity,
        amount: quantity * random.int(2, 90) * 50,
      };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    return {
      document_type: 'invoice',
      invoice: {
        invoice_number: `INV/${random.int(2023, 2025)}/${random.digits(5)}`,
        invoice_date: dateFrom(random, 2023, 2025),
        seller_gstin: `27AABC${random.pick(['S', 'T', 'U'])}${random.digits(4)}${random.pick(['A', 'B'])}1Z${random.int(1, 9)}`,
        buyer_gstin: random.next() < 0.7 ? `29AAAC${random.pick(['K', 'M'])}${random.digits(4)}${random.pick(['C', 'D'])}1Z${random.int(1, 9)}` : null,
        line_items: lines,
        total_amount: Math.round(subtotal * 1.18),
      },
    };
  }
  const from = dateFrom(random, 2023, 2025);
  return {
    document_type: 'insurance',
    insurance: {
      insurer: random.pick(['ICICI LOMBARD GENERAL INSURANCE CO. LTD', 'HDFC ERGO GENERAL INSURANCE CO. LTD', 'NEW INDIA ASSURANCE CO. LTD']),
      policy_number: `${random.digits(4)}/${random.digits(8)}/${random.digits(2)}`,
      insured_name: personFrom(random).fullName,
      vehicle_registration_number: random.next() < 0.7 ? `MH12${random.pick(['AB', 'CD'])}${random.digits(4)}` : null,
      period_from: from,
      period_to: `${Number(from.slice(0, 4)) + 1}${from.slice(4)}`,
      premium: random.int(40, 300) * 100,
    },
  };
}

export const ocrSandboxes: Record<string, ProductSandbox> = {
  in_ocr_card_lite: single(cardOcr),
  in_ocr_card_sdk: {
    init: hostedOpened(({ data }) => ({ card_type: data.card_type })),
    fetch: hostedFetched({ ocr: null }, ({ session, rng }, passed) => ({
      ocr: passed ? cardResult(String(session!.state.card_type), rng('ocr-sdk', session!.id)) : null,
    })),
  },
  in_ocr_cheque_lite: single(cheque, ['micr', 'branch', 'account_holder_name', 'cheque_number']),
  in_ocr_document_processor: single(documentProcessor),
};
