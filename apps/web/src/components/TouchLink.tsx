import { Anchor } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

/** An in-app text link a finger can hit: at least 44 px tall, its words centred in that height. */
export function TouchLink(props: { to: string; qa?: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={props.to}
      mih={44}
      display="inline-flex"
      style={{ alignItems: 'center', ...props.style }}
      data-qa={props.qa}
    >
      {props.children}
    </Anchor>
  );
}
