/** "1 item", "2 items", "1 star", "0 stars": a count with its noun in the right number. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
