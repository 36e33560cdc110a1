// Phone-type words in other languages, for the labels of vCards and the headers and cells of CSV files
// alike (phone-types.ts; server/import/csv-values.ts and csv-header-words.ts).

/** 'Work' and 'home' in Chinese and Japanese, found anywhere in a label (csv-header-words.ts reads address headers with them too). */
export const CJK_BUSINESS = /勤務先|会社|公司|商务|商務|单位|單位|工作|办公/u;
export const CJK_HOME = /自宅|住宅|家庭|私人/u;

/** Localized words for phone types, added to the English ones of phone-types.ts. */
export const LOCALIZED_PHONE_WORDS = {
  mobile: ["mobil", "mobiltelefon", "mobiel", "móvil", "movil", "portable", "cellulare", "celular", "telemóvel", "gsm", "natel"].concat([
    "cep",
    "мобильный",
    "сотовый",
    "переносной",
    "мобільний",
  ]),
  work: ["geschäftlich", "dienstlich", "büro", "arbeit", "bureau", "travail", "professionnel", "trabajo", "oficina", "lavoro"].concat([
    "ufficio",
    "werk",
    "zakelijk",
    "trabalho",
    "iş",
    "рабочий",
    "робочий",
  ]),
  home: ["privat", "privé", "personnel", "domicile", "domicilio", "particular", "casa", "thuis", "residencial", "abitazione"].concat([
    "ev",
    "домашний",
    "домашній",
  ]),
  fax: ["telefax", "télécopie", "telecopie", "факс"],
  /** 'Phone' itself: a label of nothing else names no kind. */
  plain: ["telefon", "telefone", "telefono", "teléfono", "téléphone", "telefoon", "telefonnummer", "telefonu", "телефон", "電話", "电话"],
};

/** The same kinds in Chinese and Japanese labels, found anywhere in them ('携帯電話', '商务传真'). */
export const CJK_PHONE_KINDS = {
  mobile: /携帯|手机|手機|移动|行動/u,
  work: CJK_BUSINESS,
  home: CJK_HOME,
  fax: /ファックス|ファクス|传真|傳真/u,
};
