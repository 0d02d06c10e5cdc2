import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './CenteredPage.module.css';
import { ProductMark } from './ProductMark';
import { SkipLink } from './SkipLink';

/**
 * Layout of the pages outside the app shell (login, site picker, "no site", load errors): a slim header
 * with the product name, and one centred card as the main landmark.
 */
export function CenteredPage({
  children,
  headerEnd,
  qa,
}: {
  children: ReactNode;
  headerEnd?: ReactNode;
  qa: string;
}) {
  return (
    <div className={classes.page} data-qa={qa}>
      <SkipLink />
      <header className={classes.header}>
        <ProductMark />
        {headerEnd}
      </header>
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Paper className={classes.card} withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          {children}
        </Paper>
      </main>
    </div>
  );
}
