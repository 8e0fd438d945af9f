import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../tests/helpers/temp-dirs.ts';
import { ADMIN_PASSWORD_FILE, handOverPassword } from './admin.ts';

const tempDir = tempDirs('chorus-admin-');
const admin = { email: 'admin@chorus.local', generatedPassword: 'Zq7-generated-pw', created: true };

function output(isTTY: boolean) {
  let text = '';
  return {
    isTTY,
    write(chunk: string) {
      text += chunk;
    },
    text: () => text,
  };
}

describe('handOverPassword', () => {
  it('shows the password on a terminal and writes no file', () => {
    const dataDir = tempDir();
    const terminal = output(true);
    handOverPassword(admin, dataDir, terminal);
    expect(terminal.text()).toContain('password: Zq7-generated-pw');
    expect(fs.existsSync(path.join(dataDir, ADMIN_PASSWORD_FILE))).toBe(false);
  });

  it('puts it in a file only its user can read when the output may be stored', () => {
    const dataDir = tempDir();
    const log = output(false);
    handOverPassword(admin, dataDir, log);
    const file = path.join(dataDir, ADMIN_PASSWORD_FILE);
    expect(log.text()).not.toContain('Zq7-generated-pw');
    expect(log.text()).toContain(file);
    expect(fs.readFileSync(file, 'utf8')).toContain('password: Zq7-generated-pw');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});
