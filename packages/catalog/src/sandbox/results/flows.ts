import { built, type BuildInput, type OperationSandbox, type ProductSandbox, type Result, type SessionView, sessionPageUrl } from '../engine.js';

/** A single-step product's sandbox: its builder and the fields a 103 blanks. */
export const single = (build: (input: BuildInput) => Result, partial: readonly string[] = []): ProductSandbox => ({ default: { build, partial } });

/** The OTP every sandbox OTP flow accepts (like a test card's CVV); any other non-magic OTP is wrong. */
export const SANDBOX_OTP = '123456';
export const OTP_MISMATCH = 'The OTP does not match';

const minutesAfter = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

/** An OTP flow's first step: the OTP is "sent" and the session keeps what the second step echoes. */
export const otpSent = (answer: (input: BuildInput) => { result: Result; state: Record<string, unknown> }): OperationSandbox => ({
  partial: [],
  build: (input) => {
    const { result, state } = answer(input);
    return built({ result, opens: [{ id: input.requestId, state }] });
  },
});

/** An OTP flow's second step: SANDBOX_OTP verifies (once), another OTP answers 106. */
export const otpChecked = (answer: (session: SessionView) => Result): OperationSandbox => ({
  partial: [],
  build: (input) =>
    input.data.otp === SANDBOX_OTP
      ? built({ result: { verified: true, verified_at: input.now.toISOString(), ...answer(input.session!) }, closes: true })
      : built({ responseCode: 106, result: { errors: [{ field: 'data.otp', message: OTP_MISMATCH }] } }),
});

/** A hosted flow's first step: a page on this server (sdk_url) the customer completes. */
export const hostedOpened = (stateOf: (input: BuildInput) => Record<string, unknown> = () => ({})): OperationSandbox => ({
  partial: [],
  build: (input) =>
    built({
      result: {
        request_id: input.requestId,
        sdk_url: sessionPageUrl(input.baseUrl, input.requestId),
        expires_at: minutesAfter(input.now, input.product.flow!.expiresInMinutes),
      },
      opens: [{ id: input.requestId, state: stateOf(input) }],
    }),
});

/**
 * A hosted flow's second step: status PENDING with `pending` until the page is completed, then
 * COMPLETED with what the customer passed or failed (`completed(input, passed)`).
 */
export const hostedFetched = (pending: Result, completed: (input: BuildInput, passed: boolean) => Result): OperationSandbox => ({
  partial: [],
  build: ({ session, ...input }) => {
    const fetched = { request_id: session!.id };
    return session!.status === 'OPEN'
      ? { ...fetched, status: 'PENDING', ...pending }
      : { ...fetched, status: 'COMPLETED', ...completed({ ...input, session }, session!.passed === true) };
  },
});

export { minutesAfter };
