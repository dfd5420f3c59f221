/**
 * A configuration backup's SSH private key (host secret `backup_private_key`), checked when it is saved so that a
 * key the check could never use — not a private key, or one its passphrase does not open — is refused at once
 * rather than found by the next night's backup. ssh2 parses it, as the check that logs in with it does.
 */
import ssh2 from 'ssh2'

// ssh2 is CommonJS whose `utils` Node's ESM loader cannot name: taken from the default export.
const { utils } = ssh2

/** Why `key` cannot log in, or null when it can. */
export function privateKeyProblem(key: string, passphrase: string | undefined): string | null {
  const parsed = utils.parseKey(key, passphrase)
  if (parsed instanceof Error)
    return /passphrase|decrypt|bad auth|integrity/i.test(parsed.message)
      ? 'the passphrase does not open this private key'
      : 'not an SSH private key (OpenSSH or PEM expected)'
  return parsed.isPrivateKey() ? null : 'a private key is expected, not a public one'
}
