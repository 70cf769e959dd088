<?xml version="1.0"?>
<!DOCTYPE peerAnnotation [
 <!ELEMENT peerAnnotation (pyramid,annotation)>
 <!ELEMENT annotation (text,peerscu+)>
 <!ELEMENT peerscu (contributor)*>
 <!ATTLIST peerscu uid CDATA #REQUIRED
                   label CDATA #REQUIRED
                   comment CDATA #IMPLIED>

 <!ELEMENT pyramid (startDocumentRegEx?,text,scu*)>
 <!ELEMENT startDocumentRegEx (#PCDATA)>
 <!ELEMENT text (line*)>
 <!ELEMENT line (#PCDATA)>
 <!ELEMENT scu (contributor)+>
 <!ATTLIST scu uid CDATA #REQUIRED
               label CDATA #REQUIRED
               comment CDATA #IMPLIED>
 <!ELEMENT contributor (part)+>
 <!ATTLIST contributor label CDATA #REQUIRED
                       comment CDATA #IMPLIED>
 <!ELEMENT part EMPTY>
 <!ATTLIST part label CDATA #REQUIRED
                start CDATA #REQUIRED
                end   CDATA #REQUIRED>

]>

<peerAnnotation>
<pyramid>
 <text>
  <line></line>
  <line>---------------</line>
  <line>D307B.M.250.I.B</line>
  <line>---------------</line>
  <line></line>
  <line>The owners of the paintings, the report said, promised a reward for information for the paintings stolen from the city museum.</line>
  <line>The gallery will stay closed for a week after the city museum theft.</line>
  <line>The burglars entered through the roof.</line>
  <line>Police, the report said, found a burned van near the river used in the city museum theft.</line>
  <line>One painting, residents reported, was recovered in a garage.</line>
  <line></line>
  <line>---------------</line>
  <line>D307B.M.250.I.F</line>
  <line>---------------</line>
  <line></line>
  <line>The alarm, according to local radio, did not go off that night.</line>
  <line>A small painting was found in a garage.</line>
  <line>The thieves came in through a skylight.</line>
  <line>The gallery, a spokesman said, will stay closed for a week after the theft.</line>
  <line>The break in, the report said, happened at night.</line>
  <line>The only guard was tied up by the thieves.</line>
  <line>The robbery was the largest art theft in the country.</line>
  <line>Experts fear the works were sold abroad.</line>
  <line>The stolen works, according to local radio, are worth five million euros.</line>
  <line></line>
  <line>---------------</line>
  <line>D307B.M.250.I.H</line>
  <line>---------------</line>
  <line></line>
  <line>The robbery, according to local radio, is the biggest art theft on record.</line>
  <line>The paintings, the report said, are worth five million euros.</line>
  <line>A night guard was tied up by the thieves.</line>
  <line>The museum will stay closed for a week after the theft.</line>
  <line>A small painting, according to local radio, was recovered in a garage.</line>
  <line>The museum will install new cameras and alarms.</line>
  <line>The thieves, officials said, entered through the roof.</line>
  <line>Two suspects were arrested on Friday.</line>
  <line>A gang of thieves took three paintings from the museum in the old town.</line>
  <line>The museum promised a reward for information for the paintings.</line>
  <line></line>
  <line>---------------</line>
  <line>D307B.M.250.I.J</line>
  <line>---------------</line>
  <line></line>
  <line>Experts worry the paintings left the country.</line>
  <line>The burglars, according to local radio, came in through a skylight.</line>
  <line>A night guard was tied up at the city museum.</line>
  <line>Two suspects were taken into custody.</line>
  <line>The paintings are valued at five million euros.</line>
  <line>One painting was found in a garage.</line>
 </text>
 <scu uid="1" label="Thieves stole paintings from the city museum">
  <contributor label="A gang of thieves took three paintings from the museum in the old town">
   <part label="A gang of thieves took three paintings from the museum in the old town" start="1465" end="1535"/>
  </contributor>
 </scu>
 <scu uid="2" label="The theft happened at night">
  <contributor label="The break in...happened at night">
   <part label="The break in" start="706" end="718"/>
   <part label="happened at night" start="737" end="754"/>
  </contributor>
 </scu>
 <scu uid="3" label="The paintings are worth five million euros">
  <contributor label="The stolen works...are worth five million euros">
   <part label="The stolen works" start="894" end="910"/>
   <part label="are worth five million euros" start="938" end="966"/>
  </contributor>
  <contributor label="The paintings...are worth five million euros">
   <part label="The paintings" start="1093" end="1106"/>
   <part label="are worth five million euros" start="1125" end="1153"/>
  </contributor>
  <contributor label="The paintings are valued at five million euros">
   <part label="The paintings are valued at five million euros" start="1849" end="1895"/>
  </contributor>
 </scu>
 <scu uid="4" label="The alarm did not work">
  <contributor label="The alarm...did not go off that night">
   <part label="The alarm" start="486" end="495"/>
   <part label="did not go off that night" start="523" end="548"/>
  </contributor>
 </scu>
 <scu uid="5" label="The thieves entered through the roof">
  <contributor label="The burglars entered through the roof">
   <part label="The burglars entered through the roof" start="246" end="283"/>
  </contributor>
  <contributor label="The thieves came in through a skylight">
   <part label="The thieves came in through a skylight" start="590" end="628"/>
  </contributor>
  <contributor label="The thieves...entered through the roof">
   <part label="The thieves" start="1372" end="1383"/>
   <part label="entered through the roof" start="1401" end="1425"/>
  </contributor>
  <contributor label="The burglars...came in through a skylight">
   <part label="The burglars" start="1697" end="1709"/>
   <part label="came in through a skylight" start="1737" end="1763"/>
  </contributor>
 </scu>
 <scu uid="6" label="A guard was tied up">
  <contributor label="The only guard was tied up by the thieves">
   <part label="The only guard was tied up by the thieves" start="756" end="797"/>
  </contributor>
  <contributor label="A night guard was tied up by the thieves">
   <part label="A night guard was tied up by the thieves" start="1155" end="1195"/>
  </contributor>
  <contributor label="A night guard was tied up at the city museum">
   <part label="A night guard was tied up at the city museum" start="1765" end="1809"/>
  </contributor>
 </scu>
 <scu uid="7" label="Police found the getaway van">
  <contributor label="Police...found a burned van near the river used in the city museum theft">
   <part label="Police" start="285" end="291"/>
   <part label="found a burned van near the river used in the city museum theft" start="310" end="373"/>
  </contributor>
 </scu>
 <scu uid="8" label="The museum closed for a week">
  <contributor label="The gallery will stay closed for a week after the city museum theft">
   <part label="The gallery will stay closed for a week after the city museum theft" start="177" end="244"/>
  </contributor>
  <contributor label="The gallery...will stay closed for a week after the theft">
   <part label="The gallery" start="630" end="641"/>
   <part label="will stay closed for a week after the theft" start="661" end="704"/>
  </contributor>
  <contributor label="The museum will stay closed for a week after the theft">
   <part label="The museum will stay closed for a week after the theft" start="1197" end="1251"/>
  </contributor>
 </scu>
 <scu uid="9" label="A reward was offered">
  <contributor label="The owners of the paintings...promised a reward for information for the paintings stolen from the city museum">
   <part label="The owners of the paintings" start="50" end="77"/>
   <part label="promised a reward for information for the paintings stolen from the city museum" start="96" end="175"/>
  </contributor>
  <contributor label="The museum promised a reward for information for the paintings">
   <part label="The museum promised a reward for information for the paintings" start="1537" end="1599"/>
  </contributor>
 </scu>
 <scu uid="10" label="Two men were arrested">
  <contributor label="Two suspects were arrested on Friday">
   <part label="Two suspects were arrested on Friday" start="1427" end="1463"/>
  </contributor>
  <contributor label="Two suspects were taken into custody">
   <part label="Two suspects were taken into custody" start="1811" end="1847"/>
  </contributor>
 </scu>
 <scu uid="11" label="One painting was found">
  <contributor label="One painting...was recovered in a garage">
   <part label="One painting" start="375" end="387"/>
   <part label="was recovered in a garage" start="409" end="434"/>
  </contributor>
  <contributor label="A small painting was found in a garage">
   <part label="A small painting was found in a garage" start="550" end="588"/>
  </contributor>
  <contributor label="A small painting...was recovered in a garage">
   <part label="A small painting" start="1253" end="1269"/>
   <part label="was recovered in a garage" start="1297" end="1322"/>
  </contributor>
  <contributor label="One painting was found in a garage">
   <part label="One painting was found in a garage" start="1897" end="1931"/>
  </contributor>
 </scu>
 <scu uid="12" label="Experts fear the works were sold">
  <contributor label="Experts fear the works were sold abroad">
   <part label="Experts fear the works were sold abroad" start="853" end="892"/>
  </contributor>
  <contributor label="Experts worry the paintings left the country">
   <part label="Experts worry the paintings left the country" start="1651" end="1695"/>
  </contributor>
 </scu>
 <scu uid="13" label="Security will be improved">
  <contributor label="The museum will install new cameras and alarms">
   <part label="The museum will install new cameras and alarms" start="1324" end="1370"/>
  </contributor>
 </scu>
 <scu uid="14" label="It was the largest art theft in the country">
  <contributor label="The robbery was the largest art theft in the country">
   <part label="The robbery was the largest art theft in the country" start="799" end="851"/>
  </contributor>
  <contributor label="The robbery...is the biggest art theft on record">
   <part label="The robbery" start="1018" end="1029"/>
   <part label="is the biggest art theft on record" start="1057" end="1091"/>
  </contributor>
 </scu>
</pyramid>
<annotation>
 <text>
  <line>Detectives found a burned van near the river on Sunday.</line>
  <line>The zoo welcomed a baby giraffe.</line>
  <line>The owners of the paintings promised a reward for information for the paintings.</line>
  <line>Experts, according to local radio, worry the paintings left the country.</line>
  <line>It was the largest art theft in the country.</line>
  <line>A new mural was painted downtown.</line>
  <line>The break in, residents reported, took place after midnight.</line>
  <line>The burglars came in through a skylight.</line>
  <line>The stolen works are worth five million euros.</line>
  <line>One painting was found in a garage.</line>
 </text>
 <peerscu uid="11" label="(4) One painting was found">
  <contributor label="One painting was found in a garage">
   <part label="One painting was found in a garage" start="471" end="505"/>
  </contributor>
 </peerscu>
 <peerscu uid="5" label="(4) The thieves entered through the roof">
  <contributor label="The burglars came in through a skylight">
   <part label="The burglars came in through a skylight" start="383" end="422"/>
  </contributor>
 </peerscu>
 <peerscu uid="6" label="(3) A guard was tied up">
 </peerscu>
 <peerscu uid="8" label="(3) The museum closed for a week">
 </peerscu>
 <peerscu uid="3" label="(3) The paintings are worth five million euros">
  <contributor label="The stolen works are worth five million euros">
   <part label="The stolen works are worth five million euros" start="424" end="469"/>
  </contributor>
 </peerscu>
 <peerscu uid="9" label="(2) A reward was offered">
  <contributor label="The owners of the paintings promised a reward for information for the paintings">
   <part label="The owners of the paintings promised a reward for information for the paintings" start="89" end="168"/>
  </contributor>
 </peerscu>
 <peerscu uid="12" label="(2) Experts fear the works were sold">
  <contributor label="Experts...worry the paintings left the country">
   <part label="Experts" start="170" end="177"/>
   <part label="worry the paintings left the country" start="205" end="241"/>
  </contributor>
 </peerscu>
 <peerscu uid="14" label="(2) It was the largest art theft in the country">
  <contributor label="It was the largest art theft in the country">
   <part label="It was the largest art theft in the country" start="243" end="286"/>
  </contributor>
 </peerscu>
 <peerscu uid="10" label="(2) Two men were arrested">
 </peerscu>
 <peerscu uid="7" label="(1) Police found the getaway van">
  <contributor label="Detectives found a burned van near the river on Sunday">
   <part label="Detectives found a burned van near the river on Sunday" start="0" end="54"/>
  </contributor>
 </peerscu>
 <peerscu uid="13" label="(1) Security will be improved">
 </peerscu>
 <peerscu uid="4" label="(1) The alarm did not work">
 </peerscu>
 <peerscu uid="2" label="(1) The theft happened at night">
  <contributor label="The break in...took place after midnight">
   <part label="The break in" start="322" end="334"/>
   <part label="took place after midnight" start="356" end="381"/>
  </contributor>
 </peerscu>
 <peerscu uid="1" label="(1) Thieves stole paintings from the city museum">
 </peerscu>
 <peerscu uid="0" label="All non-matching SCUs go here">
  <contributor label="The zoo welcomed a baby giraffe">
   <part label="The zoo welcomed a baby giraffe" start="56" end="87"/>
  </contributor>
 </peerscu>
</annotation>
</peerAnnotation>
