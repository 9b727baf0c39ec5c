import { useMediaQuery } from '@mantine/hooks';

/**
 * Mantine's media hooks (useMediaQuery, useMatches) read the media query in an effect by default,
 * for server rendering, which the portal does not do: every component that asked then rendered
 * twice, the second time synchronously and its whole subtree with it. With these options they
 * read it as the component first renders.
 */
export const READ_MEDIA_AT_ONCE = { getInitialValueInEffect: false };

/** Whether the media query matches, read as the component first renders. */
export const useMedia = (query: string): boolean => useMediaQuery(query, undefined, READ_MEDIA_AT_ONCE);

/** Below Mantine's `sm` breakpoint (48em): the shell's sidebar is a drawer there, and tables become cards. */
export const PHONE_WIDTH = '(max-width: 47.99em)';
