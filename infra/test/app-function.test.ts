import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import { describe, expect, it } from 'vitest';
import type { TableAccess } from '@hatchworks/shared/routes';
import { AppFunction, TABLE_ACTIONS } from '../aws/constructs/app-function';
import { routeFunctionSpec } from '../aws/constructs/function-spec';
import { AppTable } from '../aws/constructs/app-table';
import { allowedActions } from './support/iam';

/** One AppFunction with the given table access, in a stack of its own (no bundling). */
function synthFunction(access: TableAccess) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'Test');
  const table = new AppTable(stack, 'Data').table;
  const fn = new AppFunction(stack, 'Fn', {
    spec: routeFunctionSpec({
      id: 'Probe',
      method: 'GET',
      path: '/api/probe',
      handler: 'system/get-health',
      access: 'public',
      table: access,
    }),
    table,
  });
  const template = Template.fromStack(stack);
  const roleId = String(stack.resolve(stack.getLogicalId(fn.role.node.defaultChild as CfnRole)));
  return { actions: allowedActions(template, roleId) };
}

const dynamo = (actions: readonly string[]) => actions.filter((a) => a.startsWith('dynamodb:'));

describe('AppFunction table access', () => {
  it('grants a "none" route no DynamoDB action at all', () => {
    // Act
    const { actions } = synthFunction('none');
    // Assess
    expect(dynamo(actions)).toEqual([]);
    expect(actions).toEqual(
      expect.arrayContaining([
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'xray:PutTraceSegments',
      ]),
    );
  });

  it('grants a "read" route reads only, and never Scan', () => {
    // Act
    const { actions } = synthFunction('read');
    // Assess
    expect(dynamo(actions)).toEqual([...TABLE_ACTIONS.read].sort());
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    for (const denied of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Scan']) {
      expect(actions).not.toContain(denied);
    }
  });

  it('grants a "write" route writes and condition checks only', () => {
    // Act
    const { actions } = synthFunction('write');
    // Assess
    expect(dynamo(actions)).toEqual([...TABLE_ACTIONS.write].sort());
    expect(actions).toContain('dynamodb:ConditionCheckItem');
    for (const denied of ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:Scan']) {
      expect(actions).not.toContain(denied);
    }
  });

  it('grants a "readwrite" route both, still without Scan', () => {
    // Act
    const { actions } = synthFunction('readwrite');
    // Assess
    expect(dynamo(actions)).toEqual([...TABLE_ACTIONS.readwrite].sort());
    expect(actions).not.toContain('dynamodb:Scan');
  });
});
