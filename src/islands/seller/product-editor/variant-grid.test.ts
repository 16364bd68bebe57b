import { describe, expect, it } from 'vitest';
import {
  addValue,
  cellOf,
  combinations,
  EMPTY_GRID,
  type Grid,
  gridFieldProblems,
  gridProblems,
  removeValue,
  renameValue,
  setForRows,
  suggestSku,
  updateRow,
  variantsBody,
  withOptions,
} from './variant-grid';

const defaults = { sku: 'BOOT-1', price: '80.00', compareAtPrice: '', stock: '4' };
const SIZE = { name: 'Size', values: ['9', '10'] };
const COLOUR = { name: 'Colour', values: ['Brown', 'Black'] };

describe('the variant grid', () => {
  it('makes every combination, the first option varying slowest', () => {
    expect(combinations([SIZE, COLOUR])).toEqual([
      ['9', 'Brown'],
      ['9', 'Black'],
      ['10', 'Brown'],
      ['10', 'Black'],
    ]);
    expect(combinations([])).toEqual([]);
  });

  it('suggests SKUs from the product’s, in capitals, within 64 characters', () => {
    expect(suggestSku('BOOT-1', ['10', 'Dark brown'])).toBe('BOOT-1-10-DARK-BROWN');
    expect(suggestSku('X'.repeat(64), ['XL']).length).toBeLessThanOrEqual(64);
    expect(suggestSku('', ['Ré d'])).toBe('SKU-RE-D');
  });

  it('keeps what was entered when a value is added, and starts the new rows from the defaults', () => {
    let grid = withOptions(EMPTY_GRID, [SIZE], defaults);
    grid = updateRow(grid, 1, { price: '95.00', stock: '7', id: 'boot~10' });
    grid = withOptions(grid, addValue(grid.options, 0, '11'), defaults);
    expect(grid.rows.map((r) => [r.id, r.values, r.sku, r.price, r.stock])).toEqual([
      [undefined, ['9'], 'BOOT-1-9', '80.00', '4'],
      ['boot~10', ['10'], 'BOOT-1-10', '95.00', '7'],
      [undefined, ['11'], 'BOOT-1-11', '80.00', '4'],
    ]);
    // The same value again, in any case, is no new value.
    expect(addValue(grid.options, 0, ' 11 ')[0]?.values).toEqual(['9', '10', '11']);
  });

  it('an option added grows each row into its combinations, which start from the row’s price and stock; a value taken away takes its rows', () => {
    let grid = withOptions(EMPTY_GRID, [SIZE], defaults);
    grid = updateRow(grid, 1, { price: '95.00', id: 'boot~10' });
    grid = withOptions(grid, [SIZE, COLOUR], defaults);
    expect(grid.rows.map((r) => [r.id, r.values.join('/'), r.price])).toEqual([
      [undefined, '9/Brown', '80.00'],
      [undefined, '9/Black', '80.00'],
      [undefined, '10/Brown', '95.00'],
      [undefined, '10/Black', '95.00'],
    ]);
    grid = withOptions(grid, removeValue(grid.options, 1, 'Black'), defaults);
    expect(grid.rows.map((r) => r.values.join('/'))).toEqual(['9/Brown', '10/Brown']);
  });

  it('renames a value in its option and its rows, which keep their variant and what was entered', () => {
    let grid = withOptions(EMPTY_GRID, [SIZE, COLOUR], defaults);
    grid = updateRow(grid, 0, { id: 'boot~9-brown', stock: '7' });
    const renamed = renameValue(grid, 1, 'Brown', ' Tan ');
    expect(renamed.options[1]?.values).toEqual(['Tan', 'Black']);
    expect(renamed.rows.map((r) => [r.id, r.values.join('/'), r.sku, r.stock])).toEqual([
      ['boot~9-brown', '9/Tan', 'BOOT-1-9-BROWN', '7'],
      [undefined, '9/Black', 'BOOT-1-9-BLACK', '4'],
      [undefined, '10/Tan', 'BOOT-1-10-BROWN', '4'],
      [undefined, '10/Black', 'BOOT-1-10-BLACK', '4'],
    ]);
    // A blank name or one the option has already changes nothing.
    expect(renameValue(grid, 1, 'Brown', 'black')).toBe(grid);
    expect(renameValue(grid, 1, 'Brown', ' ')).toBe(grid);
  });

  it('sets price and stock for all rows or for one value’s, leaving a blank field as it is', () => {
    const grid = withOptions(EMPTY_GRID, [SIZE, COLOUR], defaults);
    const all = setForRows(grid, null, { price: '70', stock: '' });
    expect(all.rows.map((r) => [r.price, r.stock])).toEqual(Array(4).fill(['70', '4']));
    const tens = setForRows(grid, { option: 0, value: '10' }, { price: '', stock: '2' });
    expect(tens.rows.map((r) => r.stock)).toEqual(['4', '4', '2', '2']);
  });

  it('sends only the rows sold, and puts each error of the sent body on its row’s cell', () => {
    let grid: Grid = withOptions(EMPTY_GRID, [SIZE, COLOUR], defaults);
    grid = updateRow(grid, 1, { removed: true });
    grid = updateRow(grid, 2, { stock: '-1' });
    const body = variantsBody(grid, defaults);
    expect(body.variants.map((v) => v.options.join('/'))).toEqual(['9/Brown', '10/Brown', '10/Black']);
    // variants.1 of the body is the grid's row 2 (row 1 is not sent).
    expect(cellOf(grid, 'variants.1.stock')).toBe('row.2.stock');
    expect(gridProblems(grid, defaults)).toEqual({ 'row.2.stock': 'Stock cannot be below 0' });
  });

  it('links each problem of the banner to its cell, an option’s name, or the section', () => {
    expect(gridFieldProblems({ 'row.2.stock': 'a', 'option.1': 'b', variants: 'c', 'row.0.options': 'd' })).toEqual([
      { text: 'a', target: 'variant-2-stock' },
      { text: 'b', target: 'option-1-name' },
      { text: 'c', target: 'options-title' },
      { text: 'd', target: 'options-title' },
    ]);
  });

  it('finds a combination twice and a SKU twice before sending, in the API’s words', () => {
    let grid: Grid = withOptions(EMPTY_GRID, [SIZE], defaults);
    grid = updateRow(grid, 1, { sku: 'BOOT-1-9' });
    expect(gridProblems(grid, defaults)).toEqual({
      'row.1.sku': 'Variant 2 (Size 10): SKU BOOT-1-9 is already used by variant 1: give each variant its own',
    });
  });

  it('with every option gone, sends the product’s own price, stock and SKU as its one row', () => {
    expect(variantsBody(EMPTY_GRID, defaults)).toEqual({
      options: [],
      variants: [{ options: [], sku: 'BOOT-1', price: 80, compareAtPrice: null, stock: 4 }],
    });
  });
});
