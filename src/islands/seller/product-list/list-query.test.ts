import { describe, expect, it } from 'vitest';
import { changed, countText, DEFAULT_QUERY, isFiltered, listRequest, queryFromSearch, toParams } from './list-query';

describe('the products list query', () => {
  it('reads the address bar, with the defaults for what is missing or unreadable', () => {
    expect(queryFromSearch('')).toEqual(DEFAULT_QUERY);
    expect(queryFromSearch('?search=tea&status=archived&category=Food&stock=low&sort=name&page=3')).toEqual({
      search: 'tea',
      status: 'archived',
      category: 'Food',
      stock: 'low',
      sort: 'name',
      page: 3,
    });
    expect(queryFromSearch('?page=0').page).toBe(1);
    expect(queryFromSearch('?page=-4').page).toBe(1);
    expect(queryFromSearch('?page=two').page).toBe(1);
  });

  it('writes only what differs from the default, so a plain list has a plain address', () => {
    expect(toParams(DEFAULT_QUERY).toString()).toBe('');
    expect(toParams({ ...DEFAULT_QUERY, search: 'bissy tea', page: 2 }).toString()).toBe('search=bissy+tea&page=2');
    expect(toParams({ ...DEFAULT_QUERY, status: 'all', sort: 'updated' }).toString()).toBe('');
  });

  it('round-trips through the address bar', () => {
    const q = { search: 'mug', status: 'active', category: 'Home', stock: 'out', sort: 'price-low', page: 4 };
    expect(queryFromSearch(`?${toParams(q)}`)).toEqual(q);
  });

  it('asks the API for one page of 25, page 1 when none is named', () => {
    expect(listRequest(DEFAULT_QUERY)).toBe('/seller/products?limit=25&page=1');
    expect(listRequest({ ...DEFAULT_QUERY, stock: 'low', page: 2 })).toBe('/seller/products?stock=low&page=2&limit=25');
  });

  it('knows a narrowed list from a plain one (sort and page do not narrow)', () => {
    expect(isFiltered(DEFAULT_QUERY)).toBe(false);
    expect(isFiltered({ ...DEFAULT_QUERY, sort: 'name', page: 3 })).toBe(false);
    expect(isFiltered({ ...DEFAULT_QUERY, search: 'x' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_QUERY, status: 'active' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_QUERY, category: 'Food' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_QUERY, stock: 'out' })).toBe(true);
  });

  it('starts again at page 1 on a change, unless the change names a page', () => {
    const on3 = { ...DEFAULT_QUERY, page: 3 };
    expect(changed(on3, { status: 'archived' })).toEqual({ ...DEFAULT_QUERY, status: 'archived', page: 1 });
    expect(changed(on3, { ...DEFAULT_QUERY })).toEqual(DEFAULT_QUERY);
  });

  it('counts products in words', () => {
    expect(countText(true, 12)).toBe('Loading…');
    expect(countText(false, 0)).toBe('0 products');
    expect(countText(false, 1)).toBe('1 product');
    expect(countText(false, 26)).toBe('26 products');
  });
});
