import { Stack, type StackProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import classes from './TouchList.module.css';

/** An unstyled list (no bullets, no indent) of touch-sized rows. */
export function TouchList({
  children,
  ...stack
}: Omit<StackProps, 'component'> & { children: ReactNode; 'aria-label'?: string; 'data-qa'?: string }) {
  return (
    <Stack component="ul" className={classes.list} {...stack}>
      {children}
    </Stack>
  );
}

/** One row of a TouchList: at least 44 px high, its content centred vertically. */
export function TouchRow({ className, ...li }: ComponentPropsWithoutRef<'li'> & { 'data-qa'?: string }) {
  return <li className={className ? `${classes.row} ${className}` : classes.row} {...li} />;
}

/** Class for a small control inside a row (a text link) so that it is still a 44×44 px target. */
export const touchTargetClass = classes.target;
