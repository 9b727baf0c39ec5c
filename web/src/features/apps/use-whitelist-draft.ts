import { parseIpEntry } from '@verigate/contracts';
import { useReducer } from 'react';
import { allowsAll, sameAddresses } from './ip-whitelist';

/** The IP whitelist as edited on App Settings, before Save sends it. */
interface WhitelistDraft {
  enabled: boolean;
  ips: string[];
  /** Addresses taken off the list, shown with Restore until saved. */
  removed: string[];
  /** What is typed in the entry field, and why it was refused. */
  entry: string;
  entryError: string | null;
}

type WhitelistEdit =
  | { type: 'reset'; stored: readonly string[] }
  | { type: 'switch-on' }
  | { type: 'type'; entry: string }
  | { type: 'add' }
  | { type: 'remove'; ip: string }
  | { type: 'restore'; ip: string };

/** The draft of a stored whitelist: ['ALL'] (or nothing) is whitelisting off. */
function draftOf(stored: readonly string[]): WhitelistDraft {
  const enabled = !allowsAll(stored);
  return { enabled, ips: enabled ? [...stored] : [], removed: [], entry: '', entryError: null };
}

function editWhitelist(draft: WhitelistDraft, edit: WhitelistEdit): WhitelistDraft {
  switch (edit.type) {
    case 'reset':
      return draftOf(edit.stored);
    case 'switch-on':
      return { ...draft, enabled: true };
    case 'type':
      return { ...draft, entry: edit.entry, entryError: null };
    case 'add': {
      // Seed 000 §5 IP entry: comma separated, each a valid address or range, none already listed or removed.
      const result = parseIpEntry(draft.entry, draft.ips, draft.removed);
      if ('error' in result) return { ...draft, entryError: result.error };
      return { ...draft, ips: [...draft.ips, ...result.ips], entry: '', entryError: null };
    }
    case 'remove':
      return { ...draft, ips: draft.ips.filter((ip) => ip !== edit.ip), removed: [...draft.removed, edit.ip] };
    case 'restore':
      return { ...draft, removed: draft.removed.filter((ip) => ip !== edit.ip), ips: [...draft.ips, edit.ip] };
  }
}

/**
 * The whitelist being edited against `saved`, the list the server holds: whether it differs
 * (dirty) and whether it can be saved (on, changed, and not empty).
 */
export function useWhitelistDraft(saved: readonly string[]) {
  const [draft, dispatch] = useReducer(editWhitelist, saved, draftOf);
  const savedOn = !allowsAll(saved);
  const dirty = draft.enabled ? !sameAddresses(draft.ips, savedOn ? saved : []) : savedOn;

  return {
    ...draft,
    savedOn,
    dirty,
    canSave: draft.enabled && dirty && draft.ips.length > 0,
    reset: (stored: readonly string[]) => dispatch({ type: 'reset', stored }),
    switchOn: () => dispatch({ type: 'switch-on' }),
    type: (entry: string) => dispatch({ type: 'type', entry }),
    add: () => dispatch({ type: 'add' }),
    remove: (ip: string) => dispatch({ type: 'remove', ip }),
    restore: (ip: string) => dispatch({ type: 'restore', ip }),
  };
}

export type WhitelistDraftState = ReturnType<typeof useWhitelistDraft>;
