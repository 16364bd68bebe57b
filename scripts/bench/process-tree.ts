/**
 * What benchmarked processes use, from /proc: the memory of a process tree (the shop: server, render
 * worker, astro, Pagefind) and CPU seconds of a process or of every process of a name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Resident memory of a process and all its descendants, in KB, and each one's share by name. */
export function treeRss(root: number): { totalKb: number; byProcess: Map<string, number> } {
  const children = new Map<number, number[]>();
  const info = new Map<number, { rssKb: number; name: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${name}/status`, 'utf8'));
      info.set(Number(name), { rssKb: m ? Number(m[1]) : 0, name: processName(Number(name)) });
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {}
  }
  let totalKb = 0;
  const byProcess = new Map<string, number>();
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop() as number;
    const p = info.get(pid);
    if (p) {
      totalKb += p.rssKb;
      byProcess.set(p.name, (byProcess.get(p.name) ?? 0) + p.rssKb);
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return { totalKb, byProcess };
}

/** A short name for a process of the shop's tree: its script or binary. */
function processName(pid: number): string {
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  const script = argv.find((a) => /\.(ts|js|mjs)$/.test(a) && !a.includes('tsx'));
  return path.basename(script ?? argv[0] ?? String(pid));
}

/** CPU seconds (user + system) a process has used so far, from /proc (0 once it is gone). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 1/100 s on Linux.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by every process of a name (`postgres`: the server and its backends). */
export function cpuSecondsOf(command: string): number {
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === command) total += cpuSeconds(Number(name));
    } catch {}
  }
  return total;
}
