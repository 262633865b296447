import type { CSSProperties } from 'react';

/** A grey block where content will be. */
export function Skeleton({
  width = '100%',
  height = 14,
  radius,
  style,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number;
  style?: CSSProperties;
}) {
  return <span className="skeleton" style={{ width, height, borderRadius: radius, ...style }} aria-hidden="true" />;
}

/** Placeholder rows shaped like a list of icon + two lines + value. */
export function SkeletonRows({ rows = 5 }: { rows?: number }) {
  return (
    <div className="skeleton-rows" role="status" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <div className="skeleton-rows__row" key={index}>
          <Skeleton width={36} height={36} radius={18} />
          <div className="skeleton-rows__lines">
            <Skeleton width="45%" height={14} />
            <Skeleton width="28%" height={11} />
          </div>
          <Skeleton width={72} height={28} radius={8} />
        </div>
      ))}
    </div>
  );
}
