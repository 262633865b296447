import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LINES, lineHost } from '../../../shared/api/lines';
import { clearNetworkError } from '../../../shared/api/network-errors';
import { probeLine, type LineProbe } from '../../../shared/api/probe-line';
import { switchLine } from '../../../shared/api/switch-line';
import { useSettingsStore } from '../../../shared/store/settings';
import { useFromRoute } from '../../../shared/use-from-route';
import { OptionList } from '../../../shared/ui/OptionList';
import { PageHeader } from '../../../shared/ui/PageHeader';
import './line-screen.css';

/**
 * `/pages/language/line` (SPEC §2): the two lines, their round-trip time, the current one checked.
 * Also where a failed language pack sends the customer, with `from` naming the page to go back to.
 */
export default function LineScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const from = useFromRoute();
  const currentLine = useSettingsStore((state) => state.currentLine);
  const [probes, setProbes] = useState<(LineProbe | undefined)[]>([]);
  const [switching, setSwitching] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    LINES.forEach((line, index) => {
      void probeLine(line).then((probe) => {
        if (active) setProbes((previous) => Object.assign([...previous], { [index]: probe }));
      });
    });
    return () => {
      active = false;
    };
  }, []);

  const choose = async (key: string) => {
    const index = Number(key);
    setSwitching(key);
    await switchLine(index, queryClient);
    setSwitching(null);
    if (from) {
      clearNetworkError(from);
      navigate(from, { replace: true });
    }
  };

  return (
    <div className="screen">
      <PageHeader title={t('me.line')} />
      <div className="screen__body">
        <OptionList
          options={LINES.map((line, index) => {
            const probe = probes[index];
            return {
              key: String(index),
              title: t('me.line_n', { n: index + 1 }),
              description: (
                <>
                  <span dir="ltr">{lineHost(line)}</span>
                  {index === currentLine ? <span className="line-screen__current">{t('line.current')}</span> : null}
                </>
              ),
              extra: <LatencyLabel probe={probe} unreachable={t('line.unreachable')} />,
            };
          })}
          selected={String(currentLine)}
          busy={switching}
          onSelect={(key) => void choose(key)}
        />
        <p className="line-screen__hint">{t('line.hint')}</p>
      </div>
    </div>
  );
}

function LatencyLabel({ probe, unreachable }: { probe: LineProbe | undefined; unreachable: string }) {
  if (!probe) return <span className="line-screen__latency line-screen__latency--pending" aria-hidden="true" />;
  if (!probe.reachable) return <span className="line-screen__latency line-screen__latency--bad">{unreachable}</span>;
  const quality = probe.milliseconds < 300 ? 'good' : probe.milliseconds < 1000 ? 'fair' : 'bad';
  return (
    <span className={`numeric line-screen__latency line-screen__latency--${quality}`} dir="ltr">
      {probe.milliseconds} ms
    </span>
  );
}
