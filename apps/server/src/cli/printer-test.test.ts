import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakePrinter, type FakePrinter } from '../../test/fake-escpos-printer.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

function printerTest(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'apps/server/src/cli/printer-test.ts'), ...args],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run printer:test', { timeout: 60_000 }, () => {
  let printer: FakePrinter | undefined;
  afterEach(async () => printer?.close());

  it('prints a test ticket the printer decodes, with accents, Thai and the allergy banner', async () => {
    printer = await startFakePrinter();
    const run = await printerTest([printer.address, '--width', '58']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`Test ticket sent to ${printer.address} (58 mm).`);
    const [ticket] = await printer.waitForTickets(1);
    const text = ticket!.lines.map((l) => l.text.trim());
    expect(text).toContain('CARTE PRINTER TEST');
    expect(text.join('\n')).toContain('Spätzle');
    expect(text).toContain('2 x ต้มยำกุ้ง');
    // 16 large columns on 58 mm: the banner takes two inverted lines.
    expect(ticket!.lines.filter((l) => l.inverted).map((l) => l.text.trim())).toEqual(['ALLERGY: Gluten,', 'Milk']);
    expect(ticket!.cut).toBe(true);
  });

  it('says clearly when the printer does not answer, and when the address is not one', async () => {
    printer = await startFakePrinter();
    const address = printer.address;
    await printer.switchOff();
    const down = await printerTest([address]);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain(`Printer ${address} did not take the ticket: ECONNREFUSED`);
    const bad = await printerTest(['http://printer']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"http://printer" is not a printer address such as 192.168.1.50:9100');
  });
});
