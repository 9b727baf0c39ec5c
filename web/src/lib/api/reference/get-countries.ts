import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './request';

/** GET /country: India (IND) first. */
export interface Country {
  _id: string;
  name: string;
  code: string;
  iso2?: string;
  dial_code?: string;
  flag?: string;
}

export const getCountries = () => request<Country[]>('GET', '/country');

export const countriesQuery = queryOptions({ queryKey: ['countries'], queryFn: getCountries, staleTime: Infinity });

export const useCountries = () => useQuery(countriesQuery);
