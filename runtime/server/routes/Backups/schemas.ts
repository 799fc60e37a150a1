const dateTime = { type: 'string', format: 'date-time', nullable: true } as const;

/** GET /api/Backups/saude: backup health for platform staff. */
export const backupSaudeSchema = {
  $id: 'BackupSaude',
  type: 'object',
  required: [
    'modo',
    'mensagem',
    'diretorio',
    'ultimoBackup',
    'backups',
    'janela',
    'arquivamento',
    'falhaBackup',
    'problemas',
  ],
  properties: {
    modo: {
      type: 'string',
      enum: ['embutido', 'externo'],
      description:
        'embutido: o PostgreSQL do npm start, com arquivamento; externo: DATABASE_URL (backups do provedor)',
    },
    mensagem: { type: 'string', nullable: true },
    diretorio: { type: 'string', nullable: true, description: 'BACKUP_DIR' },
    ultimoBackup: {
      type: 'object',
      nullable: true,
      required: ['id', 'concluidoEm', 'tamanho'],
      properties: {
        id: { type: 'string' },
        concluidoEm: { type: 'string', format: 'date-time' },
        tamanho: { type: 'integer', description: 'Bytes' },
      },
    },
    backups: { type: 'integer', description: 'Backups base guardados' },
    janela: {
      type: 'object',
      nullable: true,
      required: ['de', 'ate'],
      description: 'Intervalo restaurável (npm run restore -- --to)',
      properties: {
        de: { type: 'string', format: 'date-time' },
        ate: { type: 'string', format: 'date-time' },
      },
    },
    arquivamento: {
      type: 'object',
      nullable: true,
      required: [
        'ultimoSegmento',
        'ultimoArquivadoEm',
        'aguardando',
        'atrasoSegundos',
        'falhas',
        'ultimaFalhaEm',
        'ultimoSegmentoFalho',
      ],
      properties: {
        ultimoSegmento: { type: 'string', nullable: true },
        ultimoArquivadoEm: dateTime,
        aguardando: { type: 'integer', description: 'Segmentos WAL aguardando arquivamento' },
        atrasoSegundos: { type: 'integer' },
        falhas: { type: 'integer', description: 'Falhas do archive_command desde o início das estatísticas' },
        ultimaFalhaEm: dateTime,
        ultimoSegmentoFalho: { type: 'string', nullable: true },
      },
    },
    falhaBackup: {
      type: 'object',
      nullable: true,
      required: ['em', 'mensagem'],
      properties: { em: { type: 'string', format: 'date-time' }, mensagem: { type: 'string' } },
    },
    problemas: {
      type: 'array',
      items: { type: 'string' },
      description: 'Também enviados como alerta à equipe',
    },
  },
} as const;
