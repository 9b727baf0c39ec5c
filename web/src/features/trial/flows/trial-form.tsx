import { HostedTrial } from './hosted-trial';
import { OtpTrial } from './otp-trial';
import { SingleStepTrial } from './single-step-trial';
import type { FlowProps } from './use-trial-call';

/** The form of a product, by its flow: one call, an OTP two-step, or a hosted page; every form is rendered from its definition. */
export function TrialForm(props: FlowProps) {
  switch (props.product.flow?.kind) {
    case 'otp':
      return <OtpTrial {...props} />;
    case 'hosted':
      return <HostedTrial {...props} />;
    default:
      return <SingleStepTrial {...props} />;
  }
}
