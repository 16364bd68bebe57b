import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast, dismissToast, pauseToast, resumeToast, TOAST_DURATION_MS, toast, toastError } from './toasts';

beforeEach(() => {
  vi.useFakeTimers();
  dismissToast();
});
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    toast({ title: 'Added to cart', description: 'Rum Cake has been added to your cart.' });
    const second = toastError('Error', 'Failed to add item to cart.');
    expect($toast.get()).toEqual({
      id: second,
      title: 'Error',
      description: 'Failed to add item to cart.',
      variant: 'error',
    });
  });

  it('leaves by itself after about five seconds', () => {
    toast({ title: 'Cart cleared' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect($toast.get()?.title).toBe('Cart cleared');
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it('a replacement gets its own full five seconds', () => {
    toast({ title: 'First' });
    vi.advanceTimersByTime(4000);
    toast({ title: 'Second' });
    vi.advanceTimersByTime(4000);
    expect($toast.get()?.title).toBe('Second');
    vi.advanceTimersByTime(1000);
    expect($toast.get()).toBeNull();
  });

  it('waits while the shopper hovers or focuses it', () => {
    toast({ title: 'Cart Synced' });
    vi.advanceTimersByTime(3000);
    pauseToast();
    vi.advanceTimersByTime(60_000);
    expect($toast.get()?.title).toBe('Cart Synced');
    resumeToast();
    vi.advanceTimersByTime(1999);
    expect($toast.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it('is dismissed by hand; a stale id does nothing', () => {
    const first = toast({ title: 'First' });
    const second = toast({ title: 'Second' });
    dismissToast(first);
    expect($toast.get()?.id).toBe(second);
    dismissToast(second);
    expect($toast.get()).toBeNull();
  });
});
