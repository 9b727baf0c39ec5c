import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** A country of GET /country (India, IND, first). */
export interface Country {
  _id: string;
  name: string;
  code: string;
  iso2: string;
  dial_code: string;
  flag: string;
}

export const getCountries = async () => orThrow(await apiRequest<Country[]>('GET', '/country'));

export const countriesQuery = queryOptions({ queryKey: queryKeys.countries, queryFn: getCountries, staleTime: Infinity });

export const useCountries = () => useQuery(countriesQuery);

/** The name of the country with `code` ('IND' → 'India'), once the list is loaded. */
export const useCountryName = (code: string | undefined) =>
  useQuery({ ...countriesQuery, enabled: Boolean(code), select: (countries) => countries.find((country) => country.code === code)?.name });
