import { describe, expect, it } from 'vitest';
import { CreateFlowRequest, Flow, FlowInstance, FlowInstanceList } from '../../src/model/flow.js';
import { aFlow, aFlowInstance } from '../support/factories.js';
import { withValueAt } from '../support/mutate.js';
import { validationErrorOf } from '../support/validation.js';

describe('CreateFlowRequest', () => {
  it.each([
    [{ name: 'Retail' }, { age_threshold: 18, document_expiration: true }],
    [
      { name: 'Retail', config_service: { age_threshold: 21 } },
      { age_threshold: 21, document_expiration: true },
    ],
    [
      { name: 'Retail', config_service: { document_expiration: false } },
      { age_threshold: 18, document_expiration: false },
    ],
  ])('fills config_service defaults for %j', (request, config) => {
    expect(CreateFlowRequest.parse(request).config_service).toEqual(config);
  });

  it.each([
    [{ name: '' }, ['name']],
    [{ name: 'Retail', config_service: { age_threshold: 17.5 } }, ['config_service', 'age_threshold']],
    [
      { name: 'Retail', config_service: { document_expiration: 'yes' } },
      ['config_service', 'document_expiration'],
    ],
  ])('rejects %j', (request, path) => {
    expect(validationErrorOf(CreateFlowRequest, request).path).toEqual(path);
  });
});

describe('flow records', () => {
  it('parses a flow, an instance and a page of instances', () => {
    expect(Flow.parse(aFlow())).toEqual(aFlow());
    expect(FlowInstance.parse(aFlowInstance())).toEqual(aFlowInstance());
    const page = {
      items: [aFlowInstance({ status: 'IN_PROGRESS', onboarding: null })],
      total: 1,
      skip: 0,
      limit: 20,
    };
    expect(FlowInstanceList.parse(page)).toEqual(page);
  });

  it.each([
    [['status'], 'DONE'],
    [['identities'], 'idv_01'],
  ])('rejects an instance with %j = %j', (path, value) => {
    expect(validationErrorOf(FlowInstance, withValueAt(aFlowInstance(), path, value)).path).toEqual(path);
  });
});
