// Who checks a signature for a service (ctx.signatures): OpenSSL with this server's trust store, or, for the demo's
// past, the verdicts shipped with the demo's signatures. Read at start, with what the start says and refuses
// (docs/product.md «Signatures», docs/operations.md «Signatures on a machine without GOST»).
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import type { DocumentSignature } from '#domain/contract.ts';
import type { SignatureConfig } from '../config.ts';
import { isDemoTrust } from '../demo-trust.ts';
import { SignaturesUnavailableError } from './errors.ts';
import { GOST_INSTALL_COMMAND, GOST_PACKAGE, type Gost, gostOfThisProcess, type NoGost } from './openssl.ts';
import {
  type ExpectedOrganization,
  loadTrustStore,
  type SignedDocument,
  type TrustStore,
  verifyDetachedSignature,
} from './signature.ts';

/** What a service asks of a signature: the verdict, checked at `now` against the organisation it must belong to. */
export interface SignatureCheckInput {
  document: SignedDocument;
  signature: Uint8Array;
  expectOrganization: ExpectedOrganization;
  now: Date;
}

export interface SignatureChecker {
  /**
   * The verdict (docs/product.md «Signatures»); `UnreadableSignatureError` for a file that is no signature,
   * `SignaturesUnavailableError` when this server can check none.
   */
  check(input: SignatureCheckInput): Promise<DocumentSignature>;
  /** How this server checks signatures: by which OpenSSL and GOST, or why it cannot. */
  state(): Promise<SignatureCheckState>;
  /**
   * Reads the trust directory again (a new CRL, an authority added or removed: SIGHUP, `systemctl reload`) and checks
   * by it from the next check on; checks under way finish by the store they began with. A folder the start would
   * refuse throws, naming the file, and the store in use stays.
   */
  reload(): Promise<SignatureCheckState>;
}

export type SignatureCheckState =
  | {
      available: true;
      source: 'provider' | 'engine';
      openssl: string;
      /** Each trusted authority's CRL and until when it is current. */
      crls: readonly { issuer: string; nextUpdate: Date | null }[];
    }
  | { available: false; detail: string };

/** The Russian answer to a signature this server cannot check (503): what is missing, and that nothing was stored. */
export const SIGNATURES_UNAVAILABLE_MESSAGE =
  'Проверка электронных подписей на этом сервере сейчас недоступна: у OpenSSL нет движка ГОСТ. ' +
  'Ничего не сохранено. Отправьте документы без файлов подписи или повторите позже; администратору портала: ' +
  `установите ${GOST_PACKAGE}.`;

/** How many signature checks OpenSSL runs at once in one process: one per core; the others wait their turn. */
export const CHECKS_AT_ONCE = availableParallelism();

/**
 * The checker over one trust store: OpenSSL as the probe found it, at most `atOnce` checks at a time (a round of a
 * hundred signatures, or many rounds at once, queue rather than fork a hundred OpenSSL processes); each check's time
 * limit starts when its turn comes.
 */
export function trustedChecker(
  trust: Promise<TrustStore>,
  options: { atOnce?: number; verify?: typeof verifyDetachedSignature; load?: () => Promise<TrustStore> } = {},
): SignatureChecker {
  const turn = pLimit(options.atOnce ?? CHECKS_AT_ONCE);
  const verify = options.verify ?? verifyDetachedSignature;
  let current = trust;
  const state = async (store: Promise<TrustStore>): Promise<SignatureCheckState> => {
    const { gost, crls } = await store;
    return gost.source === null
      ? { available: false, detail: gost.detail }
      : { available: true, source: gost.source, openssl: gost.version, crls };
  };
  return {
    async check(input) {
      const store = await current;
      return turn(() => verify({ ...input, trust: store }));
    },
    state: () => state(current),
    async reload() {
      if (!options.load) return state(current);
      const fresh = await options.load();
      current = Promise.resolve(fresh);
      return state(current);
    },
  };
}

// One checker per configuration (a process has one; tests build several): its trust store read once, as the config is.
const checkers = new WeakMap<SignatureConfig, SignatureChecker>();

/**
 * The checker of a configuration, its trust store read at the first check (the admin CLI, tests) unless the start
 * read it already (`openSignatureChecker`).
 */
export function checkerOf(config: SignatureConfig): SignatureChecker {
  const known = checkers.get(config);
  if (known) return known;
  const store = loadTrustStore(config.trustDir);
  store.catch(() => checkers.delete(config));
  const checker = trustedChecker(store, { load: () => loadTrustStore(config.trustDir) });
  checkers.set(config, checker);
  return checker;
}

/**
 * The start's reading of signatures: the probe and the trust directory, once. Throws (the start stops) when a file of
 * the directory is no certificate or CRL, and when no GOST is found where signatures are a must: production, a
 * requirement (`SIGNATURES_REQUIRED`), or a committee's own trust directory. Otherwise returns the checker, and the
 * one line the start logs of it.
 */
export async function openSignatureChecker(
  config: SignatureConfig,
  production: boolean,
  gost: Promise<Gost | NoGost> = gostOfThisProcess(),
): Promise<{ checker: SignatureChecker; state: SignatureCheckState; line: string }> {
  const store = await loadTrustStore(config.trustDir, gost);
  const checker = trustedChecker(Promise.resolve(store), { load: () => loadTrustStore(config.trustDir, gost) });
  checkers.set(config, checker);
  const state = await checker.state();
  if (state.available) {
    return {
      checker,
      state,
      line: `Проверка электронных подписей: ${state.openssl}, ГОСТ через ${state.source === 'engine' ? 'движок (engine)' : 'провайдер (provider)'}`,
    };
  }
  const needed = production
    ? 'в production'
    : config.required.size > 0
      ? `при SIGNATURES_REQUIRED=${[...config.required].join(',')}`
      : config.trustDir && !isDemoTrust(config.trustDir)
        ? 'с SIGNATURE_TRUST_DIR комитета'
        : null;
  const missing = `у OpenSSL нет движка ГОСТ: ${state.detail}`;
  if (needed) {
    throw new Error(
      `Проверка электронных подписей невозможна, а ${needed} без неё портал не запускается: ${missing}. ` +
        `Установите движок ГОСТ: ${GOST_INSTALL_COMMAND}`,
    );
  }
  return {
    checker,
    state,
    line:
      `Проверка электронных подписей недоступна: ${missing}. Установите: ${GOST_INSTALL_COMMAND} и перезапустите ` +
      'портал. До тех пор файлы подписей (.sig, .p7s) не принимаются (ответ 503), остальное работает.',
  };
}

/** A verdict as shipped with a signature: all but the moment of the check. */
export type ShippedVerdict = Omit<DocumentSignature, 'checkedAt'>;

/**
 * The verdicts reached once by OpenSSL and shipped with these signatures, by the SHA-256 of the signature's bytes
 * (the demo's: a demo never depends on this machine's OpenSSL). A signature not among them is refused.
 */
export function shippedVerdicts(verdicts: Readonly<Record<string, ShippedVerdict>>): SignatureChecker {
  return {
    async check({ signature, now }) {
      const sha256 = createHash('sha256').update(signature).digest('hex');
      const verdict = verdicts[sha256];
      if (!verdict) throw new SignaturesUnavailableError(`no shipped verdict for the signature ${sha256}`);
      return { ...verdict, checkedAt: now.toISOString() };
    },
    async state() {
      return { available: false, detail: 'shipped verdicts only' };
    },
    async reload() {
      return { available: false, detail: 'shipped verdicts only' };
    },
  };
}
