import { describe, expect, it } from 'vitest';
import { TransactionState } from '../../src/model/transaction.js';
import { WardenError } from '../../src/model/errors.js';
import {
  isTerminalState,
  transitionTransaction,
  type TransitionActor,
} from '../../src/transactions/index.js';

const NOW = 1_782_000_000_000;

/**
 * The expected lifecycle, written out independently of the table in src/: for each (from, to), who may
 * make the move and whether an operator reason is required (R), optional (o) or not accepted (-).
 */
const EXPECTED: Record<string, Partial<Record<string, [TransitionActor, 'R' | 'o' | '-']>>> = {
  PROGRESS: {
    COMPLETED: ['ENGINE', '-'],
    REJECTED: ['ENGINE', '-'],
    EVALUATION: ['ENGINE', '-'],
    COMPLIANCE: ['ENGINE', '-'],
    CANCELLED: ['SERVICE', '-'],
  },
  EVALUATION: { COMPLETED: ['OPERATOR', 'o'], REJECTED: ['OPERATOR', 'R'], CANCELLED: ['OPERATOR', 'R'] },
  COMPLIANCE: { COMPLETED: ['OPERATOR', 'o'], REJECTED: ['OPERATOR', 'R'], CANCELLED: ['OPERATOR', 'R'] },
  COMPLETED: {},
  REJECTED: {},
  CANCELLED: {},
};

const ACTORS: TransitionActor[] = ['ENGINE', 'SERVICE', 'OPERATOR'];
const PAIRS = TransactionState.options.flatMap((from) =>
  TransactionState.options.map((to) => [from, to] as const),
);

function thrown(run: () => unknown): WardenError {
  try {
    run();
  } catch (error) {
    if (error instanceof WardenError) return error;
    throw error;
  }
  throw new Error('expected a WardenError');
}

describe('transaction state machine', () => {
  it.each(PAIRS)('%s → %s', (from, to) => {
    const expected = EXPECTED[from]?.[to];
    if (!expected) {
      for (const by of ACTORS) {
        const error = thrown(() =>
          transitionTransaction(from, { to, by, reasons_rejection_operator: 'note' }, NOW),
        );
        expect(error.code).toBe('INVALID_STATE_TRANSITION');
        expect(error.message).toContain(from);
        expect(error.message).toContain(to);
      }
      return;
    }
    const [actor, reason] = expected;
    const note = reason === '-' ? undefined : 'Reviewed the match against the passport copy.';
    expect(transitionTransaction(from, { to, by: actor, reasons_rejection_operator: note }, NOW)).toEqual({
      state: to,
      reasons_rejection_operator: note ?? null,
      rejected_at: to === 'REJECTED' ? NOW : null,
    });
    for (const other of ACTORS.filter((a) => a !== actor)) {
      const error = thrown(() =>
        transitionTransaction(from, { to, by: other, reasons_rejection_operator: note }, NOW),
      );
      expect(error.code).toBe('INVALID_STATE_TRANSITION');
      expect(error.message).toMatch(/^Only .* may move a transaction from/);
    }
    if (reason === 'R') {
      for (const missing of [undefined, null, '   ']) {
        const error = thrown(() =>
          transitionTransaction(from, { to, by: actor, reasons_rejection_operator: missing }, NOW),
        );
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(error.path).toEqual(['reasons_rejection_operator']);
      }
    }
    if (reason === 'o') {
      expect(transitionTransaction(from, { to, by: actor }, NOW).reasons_rejection_operator).toBeNull();
    }
    if (reason === '-') {
      const error = thrown(() =>
        transitionTransaction(from, { to, by: actor, reasons_rejection_operator: 'x' }, NOW),
      );
      expect(error.code).toBe('VALIDATION_ERROR');
    }
  });

  it.each(TransactionState.options)('%s is terminal exactly when nothing leaves it', (state) => {
    expect(isTerminalState(state)).toBe(Object.keys(EXPECTED[state] ?? {}).length === 0);
  });

  it('explains a move out of a final state in one sentence', () => {
    const error = thrown(() => transitionTransaction('REJECTED', { to: 'COMPLETED', by: 'OPERATOR' }, NOW));
    expect(error.message).toBe(
      'The transaction is already REJECTED, a final state, so it cannot move to COMPLETED.',
    );
    expect(error.status).toBe(409);
  });

  it('lists the allowed moves when a move is illegal', () => {
    const error = thrown(() =>
      transitionTransaction('EVALUATION', { to: 'COMPLIANCE', by: 'OPERATOR' }, NOW),
    );
    expect(error.message).toBe(
      'A transaction cannot move from EVALUATION to COMPLIANCE; from EVALUATION it can move to COMPLETED, REJECTED, CANCELLED.',
    );
  });
});
