import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../../lib/contract/orders';
import { buyerMayCancel, canTransition, deriveOrderStatus, orderCancellable, TRANSITIONS } from './status';

describe('the transition table', () => {
  it('moves forward one step at a time and cancels only before shipping', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'pending→processing',
        'pending→cancelled',
        'processing→shipped',
        'processing→cancelled',
        'shipped→delivered',
      ].sort(),
    );
  });

  it('has an entry for every status; delivered and cancelled are final', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(TRANSITIONS.delivered).toEqual([]);
    expect(TRANSITIONS.cancelled).toEqual([]);
  });

  it('never skips a step or goes back', () => {
    expect(canTransition('pending', 'shipped')).toBe(false);
    expect(canTransition('pending', 'delivered')).toBe(false);
    expect(canTransition('shipped', 'processing')).toBe(false);
    expect(canTransition('shipped', 'cancelled')).toBe(false);
    expect(canTransition('delivered', 'cancelled')).toBe(false);
    expect(canTransition('cancelled', 'pending')).toBe(false);
    for (const s of ORDER_STATUSES) expect(canTransition(s, s)).toBe(false);
  });

  it('lets the buyer cancel while pending or processing', () => {
    expect(ORDER_STATUSES.filter(buyerMayCancel)).toEqual(['pending', 'processing']);
  });
});

describe("the order's status from its parts", () => {
  const cases: [OrderStatus[], OrderStatus][] = [
    [['pending'], 'pending'],
    [['pending', 'pending'], 'pending'],
    [['processing', 'pending'], 'processing'],
    [['shipped', 'pending'], 'processing'],
    [['shipped', 'processing'], 'processing'],
    [['shipped', 'shipped'], 'shipped'],
    [['delivered', 'shipped'], 'shipped'],
    [['delivered', 'delivered'], 'delivered'],
    [['delivered', 'cancelled'], 'delivered'],
    [['cancelled', 'pending'], 'pending'],
    [['cancelled', 'cancelled'], 'cancelled'],
    [[], 'pending'],
  ];
  it.each(cases)('%j → %s', (parts, expected) => {
    expect(deriveOrderStatus(parts)).toBe(expected);
  });

  it('is cancellable by the buyer while no live part has shipped', () => {
    expect(orderCancellable(['pending', 'processing'])).toBe(true);
    expect(orderCancellable(['pending', 'cancelled'])).toBe(true);
    expect(orderCancellable(['shipped', 'pending'])).toBe(false);
    expect(orderCancellable(['cancelled', 'cancelled'])).toBe(false);
    expect(orderCancellable(['delivered'])).toBe(false);
  });
});
