interface PeriodSelectProps {
  /** The periods offered, in days. */
  days: readonly number[];
  value: number;
  onChange: (days: number) => void;
}

/** "Period": the last N days a report covers. */
export function PeriodSelect({ days, value, onChange }: PeriodSelectProps) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold">
      Period
      <select
        className="select select-bordered"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {days.map((d) => (
          <option key={d} value={d}>{`Last ${d} days`}</option>
        ))}
      </select>
    </label>
  );
}
