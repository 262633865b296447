import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A small grey line under a cell's main value: a reason, a time, who did it. */
export function Note(props: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {props.children}
    </Typography.Text>
  );
}
