// npm run staff -- add <username> <role>   (role: admin | finance | support | content)
// npm run staff -- reset-totp <username>
// npm run staff -- code   (the first admin's current TOTP code, from data/operator-admin.txt)
// npm run staff -- list
// npm run staff -- disable <username>
//
// Manages operator accounts in the configured database (DATABASE_URL or the SQLite file under
// KESTREL_DATA_DIR). The password of `add` comes from KESTREL_STAFF_PASSWORD, or is asked for on the
// terminal without echo (or read as one line from a pipe). It is never taken as an argument, where it
// would end up in the shell's history and the process list. `add` and `reset-totp` print the TOTP
// secret and its otpauth:// URI once: enter it in an authenticator app; every sign-in needs its code.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { translate } from '@kestrel/contract';
import { RefusedError } from '../core/errors';
import { firstAdminCode, FIRST_ADMIN_FILE } from '../features/staff/first-admin';
import { addStaff, disableStaff, listStaff, resetStaffTotpByName } from '../features/staff/staff-service';

const USAGE =
  'usage: npm run staff -- add <username> <admin|finance|support|content> | list | disable <username> | reset-totp <username> | code';

/** Why a command was refused before it reached the database. */
class StaffCommandError extends Error {}

function printEnrolment(enrolment: { totpSecret: string; otpauthUri: string }): void {
  console.log(`TOTP secret (shown once; enter it in an authenticator app): ${enrolment.totpSecret}`);
  console.log(`or scan this URI as a QR code: ${enrolment.otpauthUri}`);
}

async function readPassword(): Promise<string> {
  const fromEnvironment = process.env.KESTREL_STAFF_PASSWORD;
  if (fromEnvironment) return fromEnvironment;
  const input = process.stdin;
  if (!input.isTTY) {
    // A pipe: the first line is the password.
    const lines = createInterface({ input });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  process.stdout.write('Password (not shown): ');
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let password = '';
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(password);
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') return finish();
        if (character === '\u0003') return finish(new StaffCommandError('cancelled'));
        if (character === '\u007f' || character === '\b') password = password.slice(0, -1);
        else password += character;
      }
    };
    input.on('data', onData);
  });
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  mkdirSync(config.dataDirectory, { recursive: true });
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDirectory, 'kestrel.sqlite'),
  });
  try {
    await migrate(database.db, database.dialect);
    if (command === 'add' && rest.length === 2) {
      const [username = '', role = ''] = rest;
      const enrolment = await addStaff(database.db, { username, role, password: await readPassword() }, Date.now());
      console.log(`added ${enrolment.member.username} (${enrolment.member.role}), id ${enrolment.member.id}`);
      printEnrolment(enrolment);
      return 0;
    }
    if (command === 'code' && rest.length === 0) {
      const code = firstAdminCode(config.dataDirectory, Date.now());
      if (!code) throw new StaffCommandError(`no ${FIRST_ADMIN_FILE} in ${config.dataDirectory}`);
      console.log(code);
      return 0;
    }
    if (command === 'reset-totp' && rest.length === 1) {
      printEnrolment(await resetStaffTotpByName(database.db, rest[0] ?? '', Date.now()));
      console.log(`every session of ${rest[0]} has ended`);
      return 0;
    }
    if (command === 'list' && rest.length === 0) {
      const members = await listStaff(database.db);
      if (members.length === 0) console.log('no staff members');
      for (const member of members) {
        const created = new Date(member.createdAt).toISOString();
        console.log(
          `${member.username.padEnd(24)} ${member.role.padEnd(8)} ${member.disabled ? 'disabled' : 'active  '} created ${created}`,
        );
      }
      return 0;
    }
    if (command === 'disable' && rest.length === 1) {
      await disableStaff(database.db, rest[0] ?? '', Date.now());
      console.log(`disabled ${rest[0]}; every session of theirs has ended`);
      return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (error) {
    if (error instanceof StaffCommandError) {
      console.error(`staff: ${error.message}`);
      return 1;
    }
    if (error instanceof RefusedError) {
      console.error(`staff: ${translate('en', error.key, error.params)}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
