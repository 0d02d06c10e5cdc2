// A signature drawing area (signature_pad): fixed size (spec 002 §3 "Signature dialogs are fixed size"),
// sharp on high-density screens, with a Clear button. Imported only by lazy screens (never by the shell).
import { Button, Group } from '@mantine/core';
import { useEffect, useRef } from 'react';
import SignaturePadLib from 'signature_pad';
import classes from './SignaturePad.module.css';

export interface SignaturePadProps {
  /** Called with true when a stroke ends, false when cleared. */
  onChange: (hasSignature: boolean) => void;
  /** Receives a function that answers the drawing as a PNG data URL (null when empty). */
  onReady: (toDataUrl: () => string | null) => void;
  label: string;
  clearLabel: string;
  qa: string;
  width?: number;
  height?: number;
}

export function SignaturePad({
  onChange,
  onReady,
  label,
  clearLabel,
  qa,
  width = 440,
  height = 200,
}: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePadLib(canvas, { penColor: '#1a1b1e', minWidth: 1, maxWidth: 2.5 });
    padRef.current = pad;
    const ended = () => onChangeRef.current(!pad.isEmpty());
    pad.addEventListener('endStroke', ended);
    onReady(() => (pad.isEmpty() ? null : pad.toDataURL('image/png')));
    return () => {
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, [width, height, onReady]);

  return (
    <div className={classes.wrap}>
      <canvas
        ref={canvasRef}
        className={classes.canvas}
        style={{ width, height }}
        role="img"
        aria-label={label}
        data-qa={qa}
      />
      <Group justify="flex-end" mt={4}>
        <Button
          variant="default"
          size="sm"
          mih={44}
          onClick={() => {
            padRef.current?.clear();
            onChange(false);
          }}
          data-qa={`${qa}-clear`}
        >
          {clearLabel}
        </Button>
      </Group>
    </div>
  );
}
