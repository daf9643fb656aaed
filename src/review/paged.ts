/** One page of an in-memory list, in the page/limit envelope of model/page.ts. */
export function paged<T>(items: readonly T[], query: { page: number; limit: number }) {
  return {
    items: items.slice((query.page - 1) * query.limit, query.page * query.limit),
    totalItems: items.length,
    page: query.page,
    totalPages: Math.ceil(items.length / query.limit),
  };
}
