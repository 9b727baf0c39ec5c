import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, orThrow } from '@/lib/api-client';

export interface Country {
  _id: string;
  name: string;
  code: string;
}

/** GET /country: only used to show the organisation's country by name. */
export const getCountries = async () => orThrow(await apiRequest<Country[]>('GET', '/country'));

export const countriesQuery = queryOptions({ queryKey: ['countries'], queryFn: getCountries, staleTime: Infinity });

export const useCountryName = (code: string | undefined) =>
  useQuery({ ...countriesQuery, enabled: Boolean(code), select: (countries) => countries.find((country) => country.code === code)?.name });
