import { Validations } from 'aws-cdk-lib';
import { Alarm, TreatMissingData, type AlarmProps } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

/** Where every alarm's description sends the person who reads it. */
export const RUNBOOK = 'docs/operations.md, "Alarms"';

/**
 * The SNS topic alarms notify (one per region: an alarm can only notify a topic of its own
 * region), with the operator's address subscribed when given (`alarmEmail`; AWS mails a
 * confirmation link first).
 */
export class AlarmTopic extends Construct {
  readonly topic: Topic;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: { readonly email?: string }) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', {
      displayName: 'Hatchworks alarms',
      enforceSSL: true,
    });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry alarm names and figures, no personal data; CloudWatch cannot ' +
        'publish to a topic under the AWS-managed SNS key, and a customer key costs $1/month per region.',
    });
    this.action = new SnsAction(this.topic);
  }

  /**
   * An alarm that notifies this topic when it fires and when it recovers; a period without data
   * (no traffic, no failures) never fires it.
   */
  alarm(scope: Construct, id: string, props: AlarmProps): Alarm {
    const alarm = new Alarm(scope, id, {
      treatMissingData: TreatMissingData.NOT_BREACHING,
      ...props,
      alarmDescription: `${props.alarmDescription ?? ''} Runbook: ${RUNBOOK}.`.trim(),
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    return alarm;
  }
}
