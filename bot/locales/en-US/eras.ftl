## Scoring eras (bot/services/eras.py): the rules a segment was judged under

era-2004-2010 = 2004-05 to 2009-10
era-2004-2010-rules = GOE −3 to +3, five program components, compulsory and original dances
era-2010-2018 = 2010-11 to 2017-18
era-2010-2018-rules = GOE −3 to +3, five program components, short dance
era-2018-2022 = 2018-19 to 2021-22
era-2018-2022-rules = GOE −5 to +5, five program components, rhythm dance
era-2022 = since 2022-23
era-2022-rules = GOE −5 to +5, three program components
