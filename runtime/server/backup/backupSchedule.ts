/** BACKUP_SCHEDULE: "HH:MM" (every day at that local time) or "<N>h" (every N hours from midnight). */
export interface BackupSchedule {
  next(after: Date): Date;
  description: string;
}

/** Parses BACKUP_SCHEDULE; undefined when it is neither form. */
export function parseBackupSchedule(text: string): BackupSchedule | undefined {
  const daily = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (daily) {
    const hour = Number(daily[1]);
    const minute = Number(daily[2]);
    if (hour > 23 || minute > 59) return undefined;
    return {
      description: `todo dia às ${daily[1]?.padStart(2, '0')}:${daily[2]}`,
      next(after) {
        const at = new Date(after);
        at.setHours(hour, minute, 0, 0);
        if (at <= after) at.setDate(at.getDate() + 1);
        return at;
      },
    };
  }
  const hourly = /^(\d{1,2})h$/.exec(text.trim());
  const every = Number(hourly?.[1]);
  if (!hourly || every < 1 || every > 24) return undefined;
  return {
    description: `a cada ${every} h`,
    next(after) {
      const at = new Date(after);
      at.setMinutes(0, 0, 0);
      do at.setHours(at.getHours() + 1);
      while (at.getHours() % every !== 0);
      return at;
    },
  };
}
