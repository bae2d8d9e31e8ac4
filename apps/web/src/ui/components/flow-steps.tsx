import { Stepper } from '@mantine/core';
import { usePhone } from '../hooks/use-phone.ts';

export interface FlowStep {
  label: string;
  /** A few words under the label on a wide screen: what this stage asks for. */
  description?: string;
}

/**
 * Where a job of several stages stands (compose, bulk compose): the stages done, the current
 * one, the ones to come. It shows the way, it does not move: each screen moves on by its own
 * buttons. On a phone the stages to come and done are numbers only, with their names kept for
 * screen readers, so three stages fit 360 px.
 */
export function FlowSteps({
  steps,
  active,
  label,
  'data-testid': testId,
}: {
  steps: FlowStep[];
  /** The current stage's index; `steps.length` once all are done. */
  active: number;
  /** What the stages are of, for screen readers ("Sending an ePak"). */
  label: string;
  'data-testid'?: string;
}) {
  const phone = usePhone();
  return (
    <nav aria-label={label} data-testid={testId} data-active={active}>
      <Stepper
        active={active}
        size="sm"
        iconSize={phone ? 26 : 32}
        wrap={false}
        allowNextStepsSelect={false}
        styles={{ steps: { minWidth: 0 } }}
      >
        {steps.map((step, i) => {
          const labelShown = !phone || i === active;
          return (
            <Stepper.Step
              key={step.label}
              label={labelShown ? step.label : undefined}
              description={phone ? undefined : step.description}
              // A stage shown as its number alone is named by number and name (the name holds the
              // visible text, as WCAG's label-in-name asks); one with its words is named by them.
              aria-label={labelShown ? undefined : `${i + 1} ${step.label}`}
              aria-current={i === active ? 'step' : undefined}
            />
          );
        })}
      </Stepper>
    </nav>
  );
}
