import { casbinEnforcer, objectAndAction } from './decision-casbin.ts';
import { ourDecider } from './decision-ours.ts';
import {
  DATASET_SIZE,
  QUERY_SIZE,
  decisionPairs,
  permissionDataset,
  type DecisionPair,
  type PermissionDataset,
} from './permission-dataset.ts';

export interface DecisionRate {
  decisions: number;
  perSecond: number;
  nsPerDecision: number;
}

export interface DecisionFigures {
  dataset: typeof DATASET_SIZE & { queriedUsers: number; pairs: number };
  ours: DecisionRate;
  /** A cache miss: loading one user's grants from the embedded database, in ms (for reference). */
  oursColdLoadMs: number;
  casbin: DecisionRate;
  /** ours.perSecond / casbin.perSecond */
  speedUp: number;
  /** Pairs decided by both and found equal (the bench stops if any differ). */
  agreed: { pairs: number; allowed: number; denied: number };
}

/**
 * casbin scans every p line for each request (20,000 here, tens of ms a decision), so it decides a
 * bounded prefix of the pairs: at most CASBIN_PAIRS of them or CASBIN_SECONDS of work.
 */
const CASBIN_PAIRS = 300;
const CASBIN_SECONDS = 10;
const OUR_ROUNDS = 3;

const rate = (decisions: number, ms: number): DecisionRate => ({
  decisions,
  perSecond: (decisions / ms) * 1000,
  nsPerDecision: (ms * 1e6) / decisions,
});

const median = (values: DecisionRate[]) =>
  [...values].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(values.length / 2)] as DecisionRate;

/** What the data set grants, straight from its arrays: the reference both deciders must match. */
function expectedAnswers(data: PermissionDataset, pairs: DecisionPair[]): boolean[] {
  const userIndex = new Map(data.userIds.map((id, i) => [id, i]));
  const granted = data.userRoles.map((held) => new Set(held.flatMap((role) => (data.roleGrants[role] ?? []).map((p) => data.points[p]))));
  return pairs.map(({ userId, permission }) => granted[userIndex.get(userId) ?? -1]?.has(permission) ?? false);
}

function assertSameAnswers(label: string, pairs: DecisionPair[], expected: boolean[], actual: boolean[]) {
  const wrong = pairs.flatMap((pair, i) => (expected[i] === actual[i] ? [] : [{ ...pair, expected: expected[i], got: actual[i] }]));
  if (wrong.length > 0)
    throw new Error(`${label}: ${wrong.length} of ${pairs.length} decisions differ, e.g. ${JSON.stringify(wrong.slice(0, 3))}`);
}

async function timeCasbin(data: PermissionDataset, pairs: DecisionPair[]) {
  const enforcer = await casbinEnforcer(data);
  const decide = ({ userId, permission }: DecisionPair) => enforcer.enforceSync(userId, ...objectAndAction(permission));
  for (const pair of pairs.slice(0, 5)) decide(pair); // compiles the matcher before timing
  const answers: boolean[] = [];
  const started = performance.now();
  for (const pair of pairs.slice(0, CASBIN_PAIRS)) {
    answers.push(decide(pair));
    if (performance.now() - started > CASBIN_SECONDS * 1000) break;
  }
  return { answers, rate: rate(answers.length, performance.now() - started) };
}

/**
 * Permission decisions per second: the server's decider (grants cached per user, a set look-up per
 * request) against casbin's enforcer with the standard RBAC model, on the same data and pairs.
 */
export async function decisionBenchmark(): Promise<DecisionFigures> {
  const data = permissionDataset();
  const pairs = decisionPairs(data);
  const expected = expectedAnswers(data, pairs);

  const casbin = await timeCasbin(data, pairs);
  const sample = pairs.slice(0, casbin.answers.length);
  assertSameAnswers('casbin against the data set', sample, expected, casbin.answers);

  const ours = await ourDecider(data, data.userIds.slice(0, QUERY_SIZE.users));
  try {
    const rounds: DecisionRate[] = [];
    for (let round = 0; round < OUR_ROUNDS; round++) {
      const answers = new Array<boolean>(pairs.length);
      const started = performance.now();
      for (let i = 0; i < pairs.length; i++) {
        const pair = pairs[i] as DecisionPair;
        answers[i] = await ours.decider.isAllowed(pair.userId, pair.permission);
      }
      rounds.push(rate(pairs.length, performance.now() - started));
      // Ours is checked on every pair; equality with casbin on its sample follows from both matching.
      assertSameAnswers('our decider against the data set', pairs, expected, answers);
      assertSameAnswers('our decider against casbin', sample, casbin.answers, answers.slice(0, sample.length));
    }
    const allowed = casbin.answers.filter(Boolean).length;
    if (allowed === 0 || allowed === sample.length) throw new Error('the compared sample must hold both allowed and denied decisions');
    const oursRate = median(rounds);
    return {
      dataset: { ...DATASET_SIZE, queriedUsers: QUERY_SIZE.users, pairs: pairs.length },
      ours: oursRate,
      oursColdLoadMs: ours.coldLoadMs,
      casbin: casbin.rate,
      speedUp: oursRate.perSecond / casbin.rate.perSecond,
      agreed: { pairs: sample.length, allowed, denied: sample.length - allowed },
    };
  } finally {
    await ours.close();
  }
}
