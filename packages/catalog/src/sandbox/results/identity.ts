import { SAMPLE_PNG } from '../../documents/files.js';
import type { BuildInput, ProductSandbox, Result } from '../engine.js';
import { addressFrom, dateFrom, maskAllBut, nameMatch, personFrom, STATES } from '../people.js';
import { seededRandom } from '../random.js';
import { panHolder, text, withNameMatch } from '../subjects.js';
import { hostedFetched, hostedOpened, otpChecked, otpSent, single } from './flows.js';

function panLite({ data, variant }: BuildInput): Result {
  const pan = text(data, 'customer_pan_number');
  const holder = panHolder(pan, variant);
  return withNameMatch({ pan_number: pan, user_full_name: holder.name, pan_status: 'VALID', pan_holder_type: holder.type }, data.name_to_match, holder.name);
}

function panAdvance({ data, variant }: BuildInput): Result {
  const pan = text(data, 'customer_pan_number');
  const holder = panHolder(pan, variant);
  const linked = holder.random.next() < 0.8;
  return withNameMatch(
    {
      pan_number: pan,
      user_full_name: holder.name,
      pan_status: linked ? 'VALID' : 'INOPERATIVE',
      pan_holder_type: holder.type,
      user_dob: (data.customer_dob as string | undefined) ?? holder.person?.dob ?? dateFrom(holder.random, 1960, 2020),
      user_gender: holder.person?.gender ?? null,
      masked_aadhaar_number: holder.person ? `XXXXXXXX${holder.random.digits(4)}` : null,
      aadhaar_linked: holder.person ? linked : null,
    },
    data.name_to_match,
    holder.name,
  );
}

function panPro({ data, variant }: BuildInput): Result {
  const pan = text(data, 'customer_pan_number');
  return withNameMatch({ pan_number: pan, pan_status: 'VALID' }, data.name_to_match, panHolder(pan, variant).name);
}

function panMicro({ data, variant }: BuildInput): Result {
  const pan = text(data, 'customer_pan_number');
  const holder = panHolder(pan, variant);
  const linked = holder.random.next() < 0.8;
  const details = data.pan_details === true ? { user_full_name: holder.name, pan_holder_type: holder.type } : {};
  return { pan_number: pan, pan_status: linked ? 'VALID' : 'INOPERATIVE', aadhaar_seeding_status: linked ? 'Y' : 'N', ...details };
}

function panDemographic({ data, variant }: BuildInput): Result {
  const pan = text(data, 'customer_pan_number');
  const holder = panHolder(pan, variant);
  const dob = holder.person?.dob ?? dateFrom(holder.random, 1960, 2020);
  return { pan_number: pan, pan_status: 'VALID', name_match: nameMatch(text(data, 'customer_name'), holder.name).match, dob_match: data.customer_dob === dob };
}

function panMini({ data, variant }: BuildInput): Result {
  const pan = text(data, 'customer_pan_number');
  const holder = panHolder(pan, variant);
  const masked = holder.name
    .split(' ')
    .map((word) => `${word.slice(0, 1)}${'*'.repeat(Math.max(0, word.length - 1))}`)
    .join(' ');
  return { pan_number: pan, pan_status: 'VALID', pan_holder_type: holder.type, masked_name: masked };
}

function aadhaarLite({ data, rng }: BuildInput): Result {
  const aadhaar = text(data, 'customer_aadhaar_number');
  const random = rng('aadhaar', aadhaar);
  const lower = random.pick([10, 20, 30, 40, 50, 60]);
  return {
    aadhaar_number: maskAllBut(aadhaar, 4),
    is_valid: true,
    age_band: `${lower}-${lower + 10}`,
    gender: random.next() < 0.5 ? 'M' : 'F',
    state: random.pick(STATES),
    mobile_number: `XXXXXXX${random.digits(3)}`,
  };
}

function aadhaarPro({ data, rng }: BuildInput): Result {
  const aadhaar = text(data, 'customer_aadhaar_number');
  const random = rng('aadhaar-pan', aadhaar);
  const linked = random.next() < 0.85;
  const person = personFrom(random);
  const details =
    data.pan_details === true
      ? { linked_pan: linked ? `XXXXX${random.digits(4)}${random.pick(['A', 'K', 'M'])}` : null, pan_name: linked ? person.fullName : null }
      : {};
  return { aadhaar_number: maskAllBut(aadhaar, 4), is_valid: true, pan_linked: linked, ...details };
}

function voter({ data, rng }: BuildInput): Result {
  const epic = text(data, 'customer_epic_number');
  const random = rng('epic', epic);
  const person = personFrom(random);
  const relative = personFrom(random);
  const index = random.int(0, STATES.length - 1);
  return withNameMatch(
    {
      epic_number: epic,
      name: person.fullName,
      relative_name: `${relative.firstName} ${person.lastName}`,
      relation_type: relative.gender === 'F' ? 'MOTHER' : person.gender === 'F' && random.next() < 0.5 ? 'HUSBAND' : 'FATHER',
      age: 2025 - Number(person.dob.slice(0, 4)),
      gender: person.gender,
      state: STATES[index],
      assembly_constituency: `${random.pick(['NORTH', 'SOUTH', 'EAST', 'WEST', 'CENTRAL'])} ${STATES[index]}`,
      polling_station: `GOVT. PRIMARY SCHOOL, ROOM ${random.int(1, 12)}`,
      part_number: random.int(1, 320),
    },
    data.name_to_match,
    person.fullName,
  );
}

const VEHICLE_CLASSES = [['MCWG'], ['LMV'], ['MCWG', 'LMV'], ['MCWG', 'LMV', 'TRANS']] as const;

function drivingLicence({ data, rng }: BuildInput): Result {
  const dl = text(data, 'customer_dl_number');
  const random = rng('dl', dl);
  const person = personFrom(random);
  const issued = dateFrom(random, 2005, 2022);
  const expiry = `${Number(issued.slice(0, 4)) + 20}${issued.slice(4)}`;
  return withNameMatch(
    {
      dl_number: dl,
      user_full_name: person.fullName,
      user_dob: (data.customer_dob as string | undefined) ?? person.dob,
      status: 'ACTIVE',
      date_of_issue: issued,
      non_transport_validity: { from: issued, to: expiry },
      vehicle_classes: [...random.pick(VEHICLE_CLASSES)],
      issuing_rto: `${dl.slice(0, 2)}${dl.slice(2, 4)}`,
      user_address: addressFrom(random),
    },
    data.name_to_match,
    person.fullName,
  );
}

/** Passport Lite: the record agrees with what was sent unless its check digits say otherwise. */
function passportLite({ data, rng }: BuildInput): Result {
  const random = rng('passport', text(data, 'passport_number'));
  const expiry = text(data, 'expiry_date');
  return {
    passport_number: text(data, 'passport_number'),
    status: expiry >= '2025-01-01' ? 'VALID' : 'EXPIRED',
    first_name_match: true,
    last_name_match: true,
    dob_match: random.next() < 0.9,
    expiry_match: true,
  };
}

function passportAdvance({ data, rng }: BuildInput): Result {
  const fileNumber = text(data, 'customer_file_number');
  const random = rng('passport-file', fileNumber);
  const person = personFrom(random);
  return withNameMatch(
    {
      file_number: fileNumber,
      passport_number: `${random.pick(['J', 'K', 'L', 'M', 'N', 'P', 'R', 'S', 'T', 'U', 'V', 'W', 'Z'])}${random.digits(7)}`,
      full_name: person.fullName,
      dob: text(data, 'customer_dob'),
      date_of_issue: dateFrom(random, 2015, 2024),
      application_type: random.pick(['NORMAL', 'TATKAL']),
    },
    data.name_to_match,
    person.fullName,
  );
}

function ckycSubject({ data, variant }: BuildInput) {
  const key = data.document_type === 'PAN' ? text(data, 'customer_pan_number') : `${text(data, 'customer_aadhaar_number')}:${text(data, 'customer_name')}`;
  const holder = panHolder(data.document_type === 'PAN' ? key : `AAAPA${key.slice(0, 4)}A`, variant);
  const person = holder.person ?? personFrom(holder.random);
  const name = data.document_type === 'AADHAAR' ? text(data, 'customer_name').toUpperCase() : person.fullName;
  return { random: holder.random, person, name };
}

function ckycLite(input: BuildInput): Result {
  const { random, person, name } = ckycSubject(input);
  return {
    ckyc_number: `XXXXXXXXXX${random.digits(4)}`,
    full_name: name,
    father_name: `${personFrom(random).firstName} ${person.lastName}`,
    age: 2025 - Number(person.dob.slice(0, 4)),
    kyc_date: dateFrom(random, 2017, 2024),
    photo: SAMPLE_PNG,
  };
}

function ckycAdvance(input: BuildInput): Result {
  const { random, person } = ckycSubject(input);
  return {
    ...ckycLite(input),
    gender: (input.data.customer_gender as string | undefined) ?? person.gender,
    dob: person.dob,
    mother_name: `${personFrom(random).firstName} ${person.lastName}`,
    permanent_address: addressFrom(random),
    correspondence_address: addressFrom(random),
    mobile_number: `XXXXXXX${random.digits(3)}`,
    email: `${person.firstName.slice(0, 1).toLowerCase()}*****@example.com`,
    documents: ['PAN', 'AADHAAR', random.pick(['PASSPORT', 'VOTERID', 'Driving_License'])],
  };
}

/** The e-KYC record of the Aadhaar number the request step kept (masked). */
function okycRecord(session: { id: string; state: Record<string, unknown> }): Result {
  const masked = String(session.state.aadhaar ?? '');
  const random = seededRandom('okyc', masked);
  const person = personFrom(random);
  return {
    aadhaar_number: masked,
    full_name: person.fullName,
    dob: person.dob,
    gender: person.gender,
    care_of: `S/O ${personFrom(random).firstName} ${person.lastName}`,
    address: addressFrom(random),
    photo: SAMPLE_PNG,
  };
}

export const identitySandboxes: Record<string, ProductSandbox> = {
  in_identity_pan_lite: single(panLite, ['user_full_name']),
  in_identity_pan_advance: single(panAdvance, ['user_dob', 'user_gender', 'masked_aadhaar_number']),
  in_identity_pan_pro: single(panPro),
  in_identity_pan_micro: single(panMicro),
  in_identity_pan_demographic: single(panDemographic, ['dob_match']),
  in_identity_pan_mini: single(panMini, ['masked_name']),
  in_identity_aadhaar_lite: single(aadhaarLite, ['age_band', 'mobile_number']),
  in_identity_aadhaar_pro: single(aadhaarPro, ['pan_linked']),
  in_identity_okyc_otp: {
    request: otpSent(({ data, rng }) => {
      const masked = maskAllBut(text(data, 'customer_aadhaar_number'), 4);
      return { result: { otp_sent: true, masked_mobile: `XXXXXXX${rng('okyc', masked).digits(3)}` }, state: { aadhaar: masked } };
    }),
    verify: otpChecked(okycRecord),
  },
  in_identity_voter_lite: single(voter, ['relative_name', 'polling_station', 'part_number']),
  in_identity_dl_lite: single(drivingLicence, ['user_address', 'vehicle_classes', 'non_transport_validity']),
  in_identity_passport_lite: single(passportLite, ['dob_match', 'expiry_match']),
  in_identity_passport_advance: single(passportAdvance, ['date_of_issue', 'application_type']),
  in_identity_ckyc_lite: single(ckycLite, ['father_name', 'photo']),
  in_identity_ckyc_advance: single(ckycAdvance, ['permanent_address', 'correspondence_address', 'mobile_number', 'email']),
  in_identity_digilocker_lite: {
    init: hostedOpened(),
    fetch: hostedFetched({ documents: [] }, ({ session, rng }, passed) => {
      const person = personFrom(rng('digilocker', session!.id));
      const documents = [
        {
          doc_type: 'AADHAAR',
          issuer: 'Unique Identification Authority of India',
          number: `XXXXXXXX${rng('digilocker-aadhaar', session!.id).digits(4)}`,
          name: person.fullName,
        },
        { doc_type: 'PAN', issuer: 'Income Tax Department', number: `XXXXX${rng('digilocker-pan', session!.id).digits(4)}X`, name: person.fullName },
      ];
      return { documents: passed ? documents : [] };
    }),
  },
  in_identity_name_match: single(({ data }) => {
    const { score, match } = nameMatch(text(data, 'name_1'), text(data, 'name_2'));
    return { score, match, name_1: text(data, 'name_1'), name_2: text(data, 'name_2') };
  }),
  in_identity_student_sdk: {
    init: hostedOpened(({ data }) => (data.customer_name ? { name: data.customer_name } : {})),
    fetch: hostedFetched({ student: null }, ({ session, rng }, passed) => {
      const random = rng('student', session!.id);
      const name = typeof session!.state.name === 'string' ? session!.state.name.toUpperCase() : personFrom(random).fullName;
      return {
        student: passed
          ? {
              name,
              institution: random.pick(['INDIAN INSTITUTE OF SCIENCE', 'DELHI UNIVERSITY', 'ANNA UNIVERSITY', 'UNIVERSITY OF MUMBAI']),
              course: random.pick(['B.TECH COMPUTER SCIENCE', 'B.COM', 'MBA', 'B.SC PHYSICS']),
              year_of_study: random.int(1, 4),
              enrolment_status: 'ENROLLED',
            }
          : null,
      };
    }),
  },
};
