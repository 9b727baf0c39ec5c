import { describe, expect, it } from 'vitest';
import { testProfile } from '@/test/profile';
import { withRole } from './get-user';

describe('a role given to the signed-in user', () => {
  it('is added beside the roles in other organisations, once', () => {
    const member = withRole(testProfile([{ org_id: 'org-1', role: 'viewer' }]), 'org-9', 'owner');
    expect(member.roles).toEqual([
      { org_id: 'org-1', role: 'viewer' },
      { org_id: 'org-9', role: 'owner' },
    ]);
    expect(withRole(member, 'org-9', 'owner')).toBe(member);
  });
});
