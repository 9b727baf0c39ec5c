import { Anchor } from '@mantine/core';
import { emailMessages } from '@verigate/contracts';

const LINK_WORD = 'here';

/** The sign-up work-email message, whose last word links to the request form. */
export function WorkEmailError({ requestUrl }: { requestUrl: string }) {
  return (
    <>
      {emailMessages.workEmailSignUp.slice(0, -LINK_WORD.length)}
      <Anchor href={requestUrl} target="_blank" rel="noopener noreferrer" c="inherit" underline="always">
        {LINK_WORD}
      </Anchor>
    </>
  );
}
