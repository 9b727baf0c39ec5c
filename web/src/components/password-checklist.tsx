import { CheckIcon, List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { newPasswordChecklist } from '@verigate/contracts';

/** The live new-password checklist, one tick per rule of the contract. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <List id={id} spacing={4} size="sm" center aria-label="Password requirements">
      {newPasswordChecklist.map((rule) => {
        const met = rule.test(password);
        return (
          <List.Item
            key={rule.message}
            data-met={met}
            icon={
              <ThemeIcon size={18} radius="xl" color={met ? 'green' : 'gray.4'} aria-hidden>
                {met ? <CheckIcon size={10} /> : <span className="checklist-dot" />}
              </ThemeIcon>
            }
          >
            <Text span fz="sm" c={met ? 'dark.7' : 'dimmed'}>
              {rule.message}
            </Text>
            <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
          </List.Item>
        );
      })}
    </List>
  );
}
