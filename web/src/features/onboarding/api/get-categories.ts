import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, orThrow } from '@/lib/api/client';

/** GET /organisation/categories: sub_category is the label the form offers. */
export interface Category {
  _id: string;
  name: string;
  sub_category: string;
}

export const getCategories = async () => orThrow(await apiRequest<Category[]>('GET', '/organisation/categories'));

export const categoriesQuery = queryOptions({ queryKey: ['organisation-categories'], queryFn: getCategories, staleTime: Infinity });

export const useCategories = () => useQuery(categoriesQuery);
