import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './request';

/** GET /organisation/categories: sub_category is the label the form offers. */
export interface Category {
  _id: string;
  name: string;
  sub_category: string;
}

export const getCategories = () => request<Category[]>('GET', '/organisation/categories');

export const categoriesQuery = queryOptions({ queryKey: ['organisation-categories'], queryFn: getCategories, staleTime: Infinity });

export const useCategories = () => useQuery(categoriesQuery);
