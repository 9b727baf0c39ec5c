const dateFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** 1718000000000 → '10 Jun 2024' */
export const formatDate = (epochMs: number) => dateFormat.format(new Date(epochMs));
/** 1718000000000 → '10 Jun 2024, 06:13' */
export const formatDateTime = (epochMs: number) => dateTimeFormat.format(new Date(epochMs));

/** 'Prod app' → 'P' */
export const initialOf = (name: string) => name.trim().charAt(0).toUpperCase() || '?';
