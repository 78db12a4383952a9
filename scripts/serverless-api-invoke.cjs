'use strict';
/**
 * API Gateway invokes the functions with one IAM role of the stage (ApiGatewayInvokeRole, the
 * credentials of every Lambda proxy integration) instead of one resource-based permission
 * (AWS::Lambda::Permission) per function, which osls adds for each function with an `http`
 * event: those were a resource per route of the stack's 500 (docs/deploy.md "Room for more
 * routes"). The role may invoke the stage's functions (`<service>-<stage>-*`) and nothing
 * else; only API Gateway may assume it. The scheduled functions keep their permissions
 * (EventBridge has no such role for Lambda). tests/deploy/package.test.ts checks the result.
 */
const ROLE = 'ApiGatewayInvokeRole';

class ApiInvokeRole {
  constructor(serverless) {
    this.serverless = serverless;
    this.hooks = { 'after:package:compileEvents': () => this.useRole() };
  }

  useRole() {
    const { service } = this.serverless;
    const resources = service.provider.compiledCloudFormationTemplate.Resources;
    const permissions = new Set(
      Object.keys(resources).filter(
        (id) => resources[id].Type === 'AWS::Lambda::Permission' && resources[id].Properties.Principal === 'apigateway.amazonaws.com',
      ),
    );
    if (permissions.size === 0) return;
    const prefix = `${service.service}-${this.serverless.getProvider('aws').getStage()}-`;
    for (const id of permissions) {
      const fn = resources[id].Properties.FunctionName;
      // (an alias or a function of elsewhere would need a permission of its own)
      if (!fn['Fn::GetAtt'] || !String(resources[fn['Fn::GetAtt'][0]]?.Properties.FunctionName).startsWith(prefix))
        throw new Error(`${id}: API Gateway invokes ${JSON.stringify(fn)}, not a function of this stage (${prefix}*)`);
      delete resources[id];
    }
    for (const resource of Object.values(resources)) {
      if (Array.isArray(resource.DependsOn)) {
        resource.DependsOn = resource.DependsOn.filter((d) => !permissions.has(d));
        if (resource.DependsOn.length === 0) delete resource.DependsOn;
      } else if (permissions.has(resource.DependsOn)) delete resource.DependsOn;
      const integration = resource.Type === 'AWS::ApiGateway::Method' ? resource.Properties.Integration : undefined;
      if (integration?.Type === 'AWS_PROXY') integration.Credentials = { 'Fn::GetAtt': [ROLE, 'Arn'] };
    }
    resources[ROLE] = {
      Type: 'AWS::IAM::Role',
      Properties: {
        AssumeRolePolicyDocument: {
          Version: '2012-10-17',
          Statement: [{ Effect: 'Allow', Principal: { Service: ['apigateway.amazonaws.com'] }, Action: ['sts:AssumeRole'] }],
        },
        Policies: [
          {
            PolicyName: 'invoke-functions',
            PolicyDocument: {
              Version: '2012-10-17',
              Statement: [
                {
                  Effect: 'Allow',
                  Action: ['lambda:InvokeFunction'],
                  Resource: [{ 'Fn::Sub': `arn:\${AWS::Partition}:lambda:\${AWS::Region}:\${AWS::AccountId}:function:${prefix}*` }],
                },
              ],
            },
          },
        ],
      },
    };
  }
}

module.exports = ApiInvokeRole;
