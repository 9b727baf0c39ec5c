import { useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@verigate/contracts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { storedUserId, userQuery } from '@/lib/api/users/get-user';
import { storage } from '@/lib/storage';

/**
 * Seed 000 §7: on the shell's first load, GET /user/{id}; a stored email that differs from the
 * fetched one (another account signed in in another tab) clears the token and organisation id and
 * goes to /login. A failed lookup changes nothing (the call's own error rules apply).
 */
export function useStaleUserCheck(): void {
  const userId = storedUserId() ?? '';
  const navigate = useNavigate();
  const user = useQuery({ ...userQuery(userId), enabled: userId !== '', staleTime: Infinity });
  const fetchedEmail = user.data?.email;

  useEffect(() => {
    if (fetchedEmail === undefined) return;
    if (fetchedEmail.toLowerCase() === (storage.get(STORAGE_KEYS.email) ?? '').toLowerCase()) return;
    storage.remove(STORAGE_KEYS.token);
    storage.remove(STORAGE_KEYS.organisationId);
    navigate('/login', { replace: true });
  }, [fetchedEmail, navigate]);
}
