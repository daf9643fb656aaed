import { describe, expect, it } from 'vitest';
import { operationIdFromPath, operationIdOf } from '../../src/api/operation-id.js';

describe('operationIdOf', () => {
  it.each([
    ['Get Blacklist Record by ID', 'getBlacklistRecordById'],
    ['Get All BlackList Records', 'getAllBlacklistRecords'],
    ['Get Blacklist Settings Account (Warden addition)', 'getBlacklistSettingsAccount'],
    ['Onboarding: Get Entity by document number', 'onboardingGetEntityByDocumentNumber'],
    ['Read a transaction item', 'readTransactionItem'],
    ['List Transactions (check status)', 'listTransactions'],
  ])('%s → %s', (summary, id) => {
    expect(operationIdOf('GET', '/any', summary)).toBe(id);
  });

  it('falls back to the method and path when there is no summary', () => {
    expect(operationIdOf('GET', '/livez', undefined)).toBe('getLivez');
    expect(operationIdOf('POST', '/api/v1/review/decisions/:id/approve', '(internal)')).toBe(
      'postReviewDecisionsByIdApprove',
    );
  });
});

describe('operationIdFromPath', () => {
  it('tells apart the methods and the parameters of one path', () => {
    const ids = [
      operationIdFromPath('GET', '/api/v1/screening/blacklist/:id'),
      operationIdFromPath('DELETE', '/api/v1/screening/blacklist/:id'),
      operationIdFromPath('GET', '/api/v1/screening/blacklist/settings'),
      operationIdFromPath('GET', '/api/v1/client-api/onboardings/:id/files/:fileId'),
    ];
    expect(ids).toEqual([
      'getScreeningBlacklistById',
      'deleteScreeningBlacklistById',
      'getScreeningBlacklistSettings',
      'getClientApiOnboardingsByIdFilesByFileId',
    ]);
  });
});
