import { act, renderHook } from '@testing-library/react';
import { ALL_IPS, IP_MESSAGES } from '@verigate/contracts';
import { describe, expect, it } from 'vitest';
import { allowsAll, sameAddresses } from './ip-whitelist';
import { useWhitelistDraft } from './use-whitelist-draft';

const draftOf = (saved: string[]) => renderHook(({ list }) => useWhitelistDraft(list), { initialProps: { list: saved } });

function typeAndAdd(result: { current: ReturnType<typeof useWhitelistDraft> }, entry: string) {
  act(() => result.current.type(entry));
  act(() => result.current.add());
}

describe('the IP whitelist draft', () => {
  it("starts off, with nothing to save, when every address is allowed (['ALL'])", () => {
    const { result } = draftOf([ALL_IPS]);
    expect(result.current).toMatchObject({ enabled: false, ips: [], removed: [], savedOn: false, dirty: false, canSave: false });
  });

  it('starts on with the saved list', () => {
    const { result } = draftOf(['203.0.113.10', '198.51.100.0/24']);
    expect(result.current).toMatchObject({ enabled: true, ips: ['203.0.113.10', '198.51.100.0/24'], savedOn: true, dirty: false });
  });

  it('adds comma-separated addresses and ranges, emptying the field', () => {
    const { result } = draftOf([ALL_IPS]);
    act(() => result.current.switchOn());
    expect(result.current).toMatchObject({ enabled: true, dirty: false, canSave: false });

    typeAndAdd(result, ' 203.0.113.10, 2001:db8::/32 ');
    expect(result.current).toMatchObject({ ips: ['203.0.113.10', '2001:db8::/32'], entry: '', entryError: null, dirty: true, canSave: true });
  });

  it.each([
    ['203.0.113.10,', IP_MESSAGES.trailingComma],
    [',203.0.113.10', IP_MESSAGES.trailingComma],
    ['203.0.113.300', IP_MESSAGES.invalid],
    ['203.0.113.10/33', IP_MESSAGES.invalid],
    ['198.51.100.7', IP_MESSAGES.duplicate],
    ['203.0.113.1, 203.0.113.1', IP_MESSAGES.duplicate],
    ['0:0::1', IP_MESSAGES.duplicate],
  ])('refuses %j with %j, keeping the list and what was typed', (entry, message) => {
    const { result } = draftOf(['198.51.100.7', '::1']);
    typeAndAdd(result, entry);
    expect(result.current).toMatchObject({ entryError: message, entry, ips: ['198.51.100.7', '::1'] });

    act(() => result.current.type(`${entry} `));
    expect(result.current.entryError).toBeNull();
  });

  it('marks a removed address for removal, refuses to add it again, and restores it', () => {
    const { result } = draftOf(['203.0.113.10', '198.51.100.7']);
    act(() => result.current.remove('203.0.113.10'));
    expect(result.current).toMatchObject({ ips: ['198.51.100.7'], removed: ['203.0.113.10'], dirty: true, canSave: true });

    typeAndAdd(result, '203.0.113.10');
    expect(result.current.entryError).toBe(IP_MESSAGES.duplicate);

    act(() => result.current.restore('203.0.113.10'));
    expect(result.current).toMatchObject({ ips: ['198.51.100.7', '203.0.113.10'], removed: [], dirty: false, canSave: false });
  });

  it('cannot save an empty list: removing every address leaves it dirty but not savable', () => {
    const { result } = draftOf(['203.0.113.10']);
    act(() => result.current.remove('203.0.113.10'));
    expect(result.current).toMatchObject({ ips: [], dirty: true, canSave: false });
  });

  it('resets to what the server stored after a save, whatever was being edited', () => {
    const { result, rerender } = draftOf(['203.0.113.10']);
    typeAndAdd(result, '198.51.100.7');
    act(() => result.current.remove('203.0.113.10'));
    act(() => result.current.type('not yet added'));

    act(() => result.current.reset(['198.51.100.7']));
    rerender({ list: ['198.51.100.7'] });
    expect(result.current).toMatchObject({ enabled: true, ips: ['198.51.100.7'], removed: [], entry: '', entryError: null, dirty: false });

    act(() => result.current.reset([ALL_IPS]));
    rerender({ list: [ALL_IPS] });
    expect(result.current).toMatchObject({ enabled: false, ips: [], dirty: false });
  });

  it('switching off with nothing saved drops the unsaved list', () => {
    const { result } = draftOf([ALL_IPS]);
    act(() => result.current.switchOn());
    typeAndAdd(result, '203.0.113.10');
    act(() => result.current.type('198.51'));
    act(() => result.current.reset([ALL_IPS]));
    expect(result.current).toMatchObject({ enabled: false, ips: [], entry: '', dirty: false });
  });
});

describe('reading a stored whitelist', () => {
  it("treats ['ALL'] and an empty list as every address allowed", () => {
    expect(allowsAll([ALL_IPS])).toBe(true);
    expect(allowsAll([])).toBe(true);
    expect(allowsAll(['203.0.113.10'])).toBe(false);
    expect(allowsAll([ALL_IPS, '203.0.113.10'])).toBe(false);
  });

  it('compares lists in any order and any IPv6 spelling', () => {
    expect(sameAddresses(['::1', '203.0.113.10'], ['203.0.113.10', '0:0::1'])).toBe(true);
    expect(sameAddresses(['203.0.113.10'], ['203.0.113.11'])).toBe(false);
    expect(sameAddresses(['203.0.113.10'], ['203.0.113.10', '::1'])).toBe(false);
  });
});
