import { useQuery } from '@tanstack/react-query';
import type { Field, Option } from '@verigate/catalog';
import { countriesQuery } from '@/lib/api/reference/get-countries';
import { useEstampArticles } from '@/features/trial/api/get-estamp-articles';
import { useEstampBranches } from '@/features/trial/api/get-estamp-branches';

export interface RemoteOptions {
  options: readonly Option[];
  loading: boolean;
  error: boolean;
}

/**
 * The options of a select that loads them at run time (seed 001 §4): countries for the passport
 * form, e-stamp branches, and the articles of the branch chosen (`dependsOnValue`).
 */
export function useRemoteOptions(field: Field, dependsOnValue: string): RemoteOptions {
  const source = field.form.optionsFrom;
  const countries = useQuery({ ...countriesQuery, enabled: source === 'countries' });
  const branches = useEstampBranches({ enabled: source === 'estamp-branches' });
  const articles = useEstampArticles(dependsOnValue, { enabled: source === 'estamp-articles' });
  switch (source) {
    case 'countries':
      return {
        options: (countries.data ?? []).map((country) => ({ value: country.code, label: country.name })),
        loading: countries.isPending,
        error: countries.isError,
      };
    case 'estamp-branches':
      return {
        options: (branches.data ?? []).map((branch) => ({ value: branch.branch_code, label: branch.name })),
        loading: branches.isPending,
        error: branches.isError,
      };
    case 'estamp-articles':
      return {
        options: (articles.data ?? []).map((article) => ({ value: article.id, label: article.description })),
        loading: articles.isFetching,
        error: articles.isError,
      };
    default:
      return { options: field.options ?? [], loading: false, error: false };
  }
}
