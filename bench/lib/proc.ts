// What the bench reads of processes from /proc (Linux): resident memory and a process's children.
import { readFile } from 'node:fs/promises';

/** The process's resident memory in bytes (VmRSS) and its peak (VmHWM); zeros for a process that has gone. */
export async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** This process's children, as /proc lists them. */
export async function childPids(): Promise<number[]> {
  try {
    const text = await readFile(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8');
    return text.trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
