import { buildPdf } from '../../documents/pdf.js';
import { ESTAMP_ARTICLES, ESTAMP_BRANCHES, ESTAMP_NOTICE } from '../../estamp.js';
import { built, type BuildInput, type ProductSandbox, type Result, sessionPageUrl } from '../engine.js';
import { maskEmail } from '../people.js';
import { hostedFetched, minutesAfter, single } from './flows.js';

interface Signer {
  signer_name: string;
  signer_email: string;
}

/** eSign init: one signing request (and page) per signer; the viewer shows the document's info. */
function esignInit(input: BuildInput) {
  const signers = input.data.signers as Signer[];
  const info = String((input.data.document as { info?: string }).info ?? '');
  const requests = signers.map((signer) => ({ id: input.newId(), signer }));
  const expiry = Number(input.data.txn_expiry_min ?? input.product.flow!.expiresInMinutes);
  return built({
    result: {
      requests: requests.map(({ id, signer }) => ({
        request_id: id,
        signer_name: signer.signer_name,
        signer_email: signer.signer_email,
        signing_url: sessionPageUrl(input.baseUrl, id),
        status: 'PENDING',
      })),
      expires_at: minutesAfter(input.now, expiry),
    },
    opens: requests.map(({ id, signer }) => ({
      id,
      state: { signer_name: signer.signer_name, signer_email: maskEmail(signer.signer_email), document_info: info, expires_in_minutes: expiry },
    })),
  });
}

function estamp({ data, rng, now }: BuildInput): Result {
  const code = String(data.stateCode);
  const branch = ESTAMP_BRANCHES.find((item) => item.branch_code === code)!;
  const article = ESTAMP_ARTICLES[code]!.find((item) => item.id === data.articleId)!;
  const random = rng('estamp', code, data.articleId, data.firstPartyName, data.secondPartyName, data.stampDutyAmount, data.purpose, data.considerationPrice);
  const certificate = `IN-${code}${random.digits(14)}${random.pick(['T', 'U', 'V', 'W'])}`;
  const issuedAt = now.toISOString();
  const paidBy = data.stampDutyPaidBy === 'FIRST_PARTY' ? String(data.firstPartyName) : String(data.secondPartyName);
  const document = buildPdf(`e-Stamp ${certificate}`, [
    { text: 'e-Stamp Certificate (SANDBOX)', size: 16 },
    { text: `Certificate No.: ${certificate}` },
    { text: `Certificate Issued Date: ${issuedAt.slice(0, 10)}` },
    { text: `Branch: ${branch.name}` },
    { text: `Article: ${article.description}` },
    { text: `First Party: ${String(data.firstPartyName)}` },
    { text: `Second Party: ${String(data.secondPartyName)}` },
    { text: `Stamp Duty Paid By: ${paidBy}` },
    { text: `Stamp Duty Amount (Rs.): ${String(data.stampDutyAmount)}` },
    { text: `Consideration Price (Rs.): ${String(data.considerationPrice)}` },
    { text: `Purpose of Stamp Duty: ${String(data.purpose)}` },
    { text: ESTAMP_NOTICE, size: 8 },
  ]);
  return {
    estamp_id: `ESTMP${random.digits(10)}`,
    certificate_number: certificate,
    state: branch.name,
    article: article.description,
    stamp_duty_amount: data.stampDutyAmount,
    first_party: data.firstPartyName,
    second_party: data.secondPartyName,
    stamp_duty_paid_by: data.stampDutyPaidBy,
    purpose: data.purpose,
    consideration_price: data.considerationPrice,
    issued_at: issuedAt,
    notice: ESTAMP_NOTICE,
    document,
  };
}

export const signSandboxes: Record<string, ProductSandbox> = {
  in_contract_esign_aadhaar: {
    init: { partial: [], build: esignInit },
    fetch: hostedFetched({ signer_name: null, signed_at: null, signed_document: null }, ({ session }, passed) => {
      const name = String(session!.state.signer_name);
      const signedAt = session!.completedAt!.toISOString();
      return {
        signer_name: name,
        signed_at: passed ? signedAt : null,
        signed_document: passed
          ? buildPdf('Signed document', [
              { text: String(session!.state.document_info || 'Signed document'), size: 14 },
              { text: `Digitally signed by ${name} using Aadhaar eSign (sandbox) on ${signedAt.slice(0, 10)}.` },
            ])
          : null,
      };
    }),
  },
  in_contract_estamp_lite: single(estamp, ['notice']),
};
