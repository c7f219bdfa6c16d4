'use client';

import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ChoiceCards, type Choice } from './choice-cards';
import { StepHeading, StepNav, useFieldMessage, useServerErrors } from './step-ui';

export interface ChoiceStepProps {
  /** A one-field schema (an enum), e.g. tutorKindStep. */
  schema: z.ZodObject;
  field: string;
  title: string;
  current: number;
  total: number;
  focus: boolean;
  choices: Choice[];
  defaultValue: string;
  columns?: 1 | 2;
  serverErrors?: Record<string, string>;
  persist: (values: Record<string, string>) => void;
  onBack?: (values: Record<string, string>) => void;
  onNext: (values: Record<string, string>) => void;
}

/** A step that is one question answered by picking a card. */
export function ChoiceStep({ schema, field, title, current, total, focus, choices, defaultValue, columns, serverErrors, persist, onBack, onNext }: ChoiceStepProps) {
  const id = useId();
  const fieldMessage = useFieldMessage();
  const { register, handleSubmit, setError, getValues, subscribe, formState } = useForm<Record<string, string>>({
    resolver: zodResolver(schema as z.ZodType<Record<string, string>, Record<string, string>>),
    defaultValues: defaultValue ? { [field]: defaultValue } : {},
  });
  const fields = useMemo(() => [field], [field]);
  useServerErrors(setError, serverErrors, fields);
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => persist(values) }), [subscribe, persist]);
  const error = fieldMessage(formState.errors[field]);
  return (
    <form noValidate onSubmit={handleSubmit((values) => onNext(values))}>
      <StepHeading current={current} total={total} title={title} focus={focus} />
      <ChoiceCards id={`${id}-${field}`} legend={title} legendHidden choices={choices} registration={register(field)} error={error} columns={columns} />
      <StepNav onBack={onBack && (() => onBack(getValues()))} />
    </form>
  );
}
