/**
 * E-stamp branches and the articles of each state's stamp schedule (seed 001 §3 "Branch option",
 * "Article option"), served to the trial form at GET /estamp/getBranches and
 * GET /estamp/articles/{code}, and used to check a request's stateCode and articleId.
 */
import type { EstampArticle, EstampBranch } from '@verigate/contracts';

export type { EstampArticle, EstampBranch };

export const ESTAMP_BRANCHES: readonly EstampBranch[] = Object.freeze([
  { id: 1, name: 'Karnataka - Bengaluru', branch_code: 'KA' },
  { id: 2, name: 'Maharashtra - Mumbai', branch_code: 'MH' },
  { id: 3, name: 'Delhi - New Delhi', branch_code: 'DL' },
  { id: 4, name: 'Tamil Nadu - Chennai', branch_code: 'TN' },
  { id: 5, name: 'Gujarat - Ahmedabad', branch_code: 'GJ' },
  { id: 6, name: 'Telangana - Hyderabad', branch_code: 'TS' },
  { id: 7, name: 'Uttar Pradesh - Lucknow', branch_code: 'UP' },
  { id: 8, name: 'West Bengal - Kolkata', branch_code: 'WB' },
]);

const articles = (prefix: number, list: readonly string[]): EstampArticle[] =>
  list.map((description, index) => ({ id: String(prefix + index + 1), description }));

export const ESTAMP_ARTICLES: Readonly<Record<string, readonly EstampArticle[]>> = Object.freeze({
  KA: articles(100, [
    'Article 5(j) - Agreement not otherwise provided for',
    'Article 12 - Bond',
    'Article 30 - Lease, including under-lease or sub-lease',
    'Article 41 - Power of Attorney',
  ]),
  MH: articles(200, [
    'Article 5(h)(A)(iv) - Agreement not otherwise provided for',
    'Article 36 - Lease',
    'Article 48(f) - Power of Attorney',
    'Article 25(b) - Conveyance of immovable property',
  ]),
  DL: articles(300, ['Article 5(c) - Agreement not otherwise provided for', 'Article 35 - Lease', 'Article 48 - Power of Attorney']),
  TN: articles(400, ['Article 5(j) - Agreement not otherwise provided for', 'Article 35 - Lease', 'Article 48 - Power of Attorney']),
  GJ: articles(500, ['Article 5(h) - Agreement not otherwise provided for', 'Article 30 - Lease', 'Article 45 - Power of Attorney']),
  TS: articles(600, ['Article 6(B) - Agreement not otherwise provided for', 'Article 31 - Lease', 'Article 48 - Power of Attorney']),
  UP: articles(700, ['Article 5(c) - Agreement not otherwise provided for', 'Article 35 - Lease', 'Article 48 - Power of Attorney']),
  WB: articles(800, ['Article 5(h) - Agreement not otherwise provided for', 'Article 35 - Lease', 'Article 48 - Power of Attorney']),
});

/** The articles of a branch code, or undefined for an unknown one. */
export const estampArticles = (code: string): readonly EstampArticle[] | undefined => ESTAMP_ARTICLES[code.toUpperCase()];

/** The notice on every dummy stamp and above the trial form (seed 001 §5, letter for letter). */
export const ESTAMP_NOTICE = 'A dummy Estamp is generated for testing purpose. The dummy Estamp generated on trail center is NOT legally valid';
